#!/usr/bin/env python3
"""scripts/fring_proof_table.py FILE...: a Markdown table of `flitnet cdg --seeds A:B`
outputs (each FILE one run's stdout and stderr, /usr/bin/time's "S s" line and "rc=N"
after it, as the soak's proofs leave them). Runs of one network, routing and V (seed
ranges in chunks, say) are added up. A row says how many sets were checked, whether every
one was acyclic, the head states walked, the seeds refused (no set of the block model
in 1000 draws) and the seconds spent. Exits 1 if any run failed or is incomplete."""
import re
import sys
from collections import OrderedDict


def main(paths):
    rows = OrderedDict()
    bad = []
    for p in paths:
        text = open(p).read()
        head = re.search(r'^(.*?), V=(\d+), routing (\S+), (\d+) faulty nodes, fault_seed (\d+)\.\.(\d+)$', text, re.M)
        ok = re.search(r'^acyclic on all (\d+) sets \((\d+) head states\)', text, re.M)
        secs = re.search(r'^([0-9.]+) s$', text, re.M)
        rc = re.search(r'^rc=(\d+)$', text, re.M)
        refused = re.search(r'^(\d+) seeds refused', text, re.M)
        if not (head and ok and rc and rc.group(1) == '0'):
            bad.append(p)
            continue
        key = (head.group(1), head.group(4), head.group(3), int(head.group(2)))
        r = rows.setdefault(key, {'seeds': 0, 'sets': 0, 'states': 0, 'refused': 0, 'secs': 0.0})
        r['seeds'] += int(head.group(6)) - int(head.group(5)) + 1
        r['sets'] += int(ok.group(1))
        r['states'] += int(ok.group(2))
        r['refused'] += int(refused.group(1)) if refused else 0
        r['secs'] += float(secs.group(1)) if secs else 0.0
    print('| network | routing | V | fault seeds | sets checked | result | head states | seeds refused | seconds |')
    print('|---|---|---:|---:|---:|---|---:|---:|---:|')
    for (net, faulty, routing, v), r in rows.items():
        print('| %s, %s faulty | `%s` | %d | %d | %d | acyclic, all | %d | %d | %.0f |'
              % (net, faulty, routing, v, r['seeds'], r['sets'], r['states'], r['refused'], r['secs']))
    for p in bad:
        print('fring_proof_table.py: %s: a failed or unfinished run' % p, file=sys.stderr)
    return 1 if bad else 0


if __name__ == '__main__':
    if len(sys.argv) < 2:
        print('usage: fring_proof_table.py FILE...', file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
