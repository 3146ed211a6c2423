#!/usr/bin/env python3
"""tests/formal/formal.py: the router's properties proved with yosys and ABC (docs/formal.md).

For each configuration of tests/formal/configs.txt (or those named on the command line):
yosys reads the router and the harness (tests/formal/flitnet_router_formal.sv) with the
router's invariants (FLITNET_ASSERT) and writes an AIGER model; ABC's PDR (IC3) proves what
it can in PDR_SECONDS, and ABC's bmc3 checks every property to the configuration's depth.
A property is `proved` when PDR proves it in every instance (every VC, every port), else
`bounded` at the depth when no instance fails there, else `failed`: the counterexample
is replayed by yosys's simulator into OUT/NAME/cex.vcd (GTKWave) and the property named.

usage: formal.py [--tier ci|full] [--out DIR] [--pdr-seconds S] [--rtl DIR] [NAME ...]
       formal.py --dut TOP --files "FILE ..." --params "KEY=VALUE ..." [--defines "D ..."] [--depth D] [NAME]
       (a designer's router, make formal-user: the properties at its ports only)
The last line is "formal: N proved, N bounded, N failed"; exit 1 when something failed
(or a tool did), 2 on bad usage.
"""
import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
HARNESS = 'tests/formal/flitnet_router_formal.sv'
TOP = 'flitnet_router_formal'


def die(msg, code=2):
    print('formal.py: ' + msg, file=sys.stderr)
    sys.exit(code)


def routing_codes():
    """routing name -> code, from the package's enum (the C registry's codes)"""
    codes = {}
    with open(os.path.join(ROOT, 'rtl/flitnet_pkg.sv')) as f:
        for m in re.finditer(r'ROUTING_([A-Z_]+)\s*=\s*(\d+)', f.read()):
            codes[m.group(1).lower()] = int(m.group(2))
    return codes


def read_configs(path, tier, names):
    """NAME DEPTH TIER KEY=VALUE...; a full run takes every tier"""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split('#', 1)[0].split()
            if not line:
                continue
            if len(line) < 3 or not line[1].isdigit() or line[2] not in ('ci', 'full'):
                die('%s:%d: expected NAME DEPTH ci|full KEY=VALUE...' % (path, n))
            params = dict(kv.split('=', 1) for kv in line[3:])
            out.append({'name': line[0], 'depth': int(line[1]), 'tier': line[2], 'params': params})
    if names:
        known = {c['name'] for c in out}
        for n in names:
            if n not in known:
                die('no configuration %s in %s' % (n, path))
        return [c for c in out if c['name'] in names]
    return [c for c in out if tier == 'full' or c['tier'] == 'ci']


def run(cmd, log, timeout=None):
    with open(log, 'w') as f:
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, timeout=timeout)
    with open(log) as f:
        return p.returncode, f.read()


def describe(src, cache={}):
    """a property's text and contract section from its source: yosys's range for an
    assertion ends on the assertion's own line, where the harness writes "// §S: text";
    for the router's FLITNET_CHECK, the message, and the section of the comment above"""
    m = re.match(r'(.*):\d+\.\d+-(\d+)\.\d+$', src)
    if not m:
        return src, ''
    path, line = m.group(1), int(m.group(2))
    if path not in cache:
        with open(os.path.join(ROOT, path)) as f:
            cache[path] = f.read().splitlines()
    lines = cache[path]
    for k in range(line - 1, max(-1, line - 4), -1):
        if 'FLITNET_CHECK' in lines[k]:
            msg = re.search(r'\("%m: ([^"]*)"', '\n'.join(lines[k:line]))
            desc = re.sub(r'%0?d', 'N', msg.group(1)) if msg else lines[k].strip()
            for c in range(k - 1, max(-1, k - 12), -1):
                sec = re.search(r'(§[0-9.]+)', lines[c])
                if sec and lines[c].strip().startswith('//'):
                    return desc, sec.group(1)
            return desc, ''
    c = re.search(r'//\s*(§[0-9.]+):?\s*(.*)$', lines[line - 1])
    return (c.group(2).strip(), c.group(1)) if c else ('an assertion of the design', '')


def assertion_src(chain, cache={}):
    """the assertion's own range among yosys's src chain of a flattened cell (the
    instances' ranges and the assertion's, in no fixed order): the shortest range whose
    text holds an assertion"""
    best = None
    for r in chain.split('|'):
        m = re.match(r'(.*):(\d+)\.\d+-(\d+)\.\d+$', r)
        if not m:
            continue
        path, a, b = m.group(1), int(m.group(2)), int(m.group(3))
        if path not in cache:
            try:
                with open(os.path.join(ROOT, path)) as f:
                    cache[path] = f.read().splitlines()
            except OSError:
                cache[path] = []
        text = '\n'.join(cache[path][a - 1:b])
        if re.search(r'\bassert\b|FLITNET_CHECK', text) and (best is None or b - a < best[0]):
            best = (b - a, r)
    return best[1] if best else chain.split('|')[-1]


def location(src):
    """FILE:LINE of an assertion (the end of yosys's range)"""
    m = re.match(r'(.*):\d+\.\d+-(\d+)\.\d+$', src)
    return '%s:%s' % (m.group(1), m.group(2)) if m else src


def yosys_script(cfg, codes, d, rtl):
    files = [os.path.join(rtl, l.strip()) for l in open(os.path.join(ROOT, rtl, 'flitnet.f')) if l.strip() and 'network' not in l]
    dut = ''
    if cfg.get('dut'):  # a designer's router: its files after ours, as make cosim-user reads them
        files = files + cfg['files']
        dut = ' -DFLITNET_FORMAL_DUT=' + cfg['dut'] + ''.join(' -D' + d for d in cfg.get('defines', []))
    sets = []
    for k, v in cfg['params'].items():
        if k == 'ROUTING' and not v.isdigit():
            if v not in codes:
                die('%s: no routing %s in rtl/flitnet_pkg.sv' % (cfg['name'], v))
            v = str(codes[v])
        sets.append('-set %s %s' % (k, v))
    return '\n'.join([
        'read_verilog -sv -formal -DFLITNET_ASSERT%s ' % dut + ' '.join(files) + ' ' + HARNESS,
        'chparam %s %s' % (' '.join(sets), TOP),
        # hierarchy first: it drops the modules elaborated with their default parameters at
        # read time (some of which hold an error cell for that default) before prep checks
        'hierarchy -top ' + TOP,
        'prep -top ' + TOP,
        'async2sync',
        'dffunmap',
        'flatten',
        'setundef -undriven -anyseq',
        'opt -fast',
        'delete -output',
        'memory_map',
        'opt -fast',
        'techmap',
        'opt -fast',
        'dffunmap',
        'abc -g AND -fast',
        'opt_clean',
        'tee -q -o %s/asserts.txt dump t:$assert' % d,
        'write_rtlil %s/model.il' % d,
        'write_aiger -I -B -zinit -map %s/model.aim %s/model.aig' % (d, d),
    ]) + '\n'


def prove(cfg, codes, out, pdr_seconds, rtl):
    name, depth = cfg['name'], cfg['depth']
    d = os.path.join(out, name)
    os.makedirs(os.path.join(ROOT, d), exist_ok=True)
    for f in ('cex.vcd', 'cex.aiw', 'replay.log'):
        if os.path.exists(os.path.join(ROOT, d, f)):
            os.remove(os.path.join(ROOT, d, f))
    t0 = time.time()
    with open(os.path.join(ROOT, d, 'model.ys'), 'w') as f:
        f.write(yosys_script(cfg, codes, d, rtl))
    rc, log = run(['yosys', '-q', '-l', d + '/yosys.log', d + '/model.ys'], os.path.join(ROOT, d, 'yosys.out'))
    if rc != 0:
        err = [l for l in log.splitlines() if 'ERROR' in l]
        if not err:  # no message of its own (a crash): the step it was in, and its exit status
            steps = re.findall(r'^\d+\. (Executing .*)$', open(os.path.join(ROOT, d, 'yosys.log')).read(), re.M)
            err = ['ERROR: exit status %d in "%s" (%s/yosys.log)' % (rc, steps[-1] if steps else '?', d)]
        return None, '%s: yosys failed: %s' % (name, err[0])
    # the bad-state outputs follow the module's cells, as the dump lists them; an
    # assertion whose enable the parameters make constant 0 (a rule switched off) keeps
    # its output but is no property
    srcs, dead = [], set()
    pending = None
    for line in open(os.path.join(ROOT, d, 'asserts.txt')):
        s = re.match(r'\s*attribute \\src "([^"]*)"', line)
        if s:
            pending = assertion_src(s.group(1))
        elif re.match(r'\s*cell \$assert ', line):
            srcs.append(pending or '?')
            pending = None
        elif re.match(r"\s*connect \\EN 1'0\s*$", line):
            dead.add(len(srcs) - 1)
    # ABC: PDR on each output, then BMC of all to the depth
    prep = 'read_aiger %s/model.aig; fold; strash; scorr; dc2; ' % d
    proved, pdr_cex = set(), []
    if pdr_seconds > 0:
        rc, log = run(['yosys-abc', '-c', prep + 'pdr -a -T %d; print_status -o' % pdr_seconds],
                      os.path.join(ROOT, d, 'pdr.log'))
        proved = {int(m.group(1)) for m in re.finditer(r'^po(\d+) = Const0', log, re.M)}
        pdr_cex = [int(m.group(1)) for m in re.finditer(r'^Output (\d+) was asserted in frame', log, re.M)]
    rc, log = run(['yosys-abc', '-c', prep + 'bmc3 -F %d' % depth], os.path.join(ROOT, d, 'bmc.log'))
    m = re.search(r'Output (\d+) of miter .* was asserted in frame (\d+)', log)
    failed = {}
    checked = depth  # frames every property is checked in
    if m or pdr_cex:
        out_i, frame = (int(m.group(1)), int(m.group(2))) if m else (pdr_cex[0], depth)
        # the counterexample again, without scorr (its witness is the original model's)
        run(['yosys-abc', '-c', 'read_aiger %s/model.aig; fold; strash; bmc3 -F %d; write_cex -a %s/cex.aiw'
             % (d, frame + 1, d)], os.path.join(ROOT, d, 'cex.log'))
        # replayed on the model by yosys's simulator: the waves, and the assertion that fails
        rc, log = run(['yosys', '-q', '-p', 'read_rtlil %s/model.il; sim -clock clk_i -r %s/cex.aiw -map %s/model.aim '
                       '-vcd %s/cex.vcd' % (d, d, d, d)], os.path.join(ROOT, d, 'replay.log'))
        # the property is BMC's failing output (the outputs follow the dump's order); the
        # replay must see it fail too, or its waves are not of this counterexample
        name_f = srcs[out_i]
        seen = {assertion_src(x) for x in re.findall(r'Assert \S+ \(([^)]*)\) failed', log)}
        if name_f not in seen:
            return None, '%s: the replay of the counterexample (%s/cex.vcd) does not fail %s, which ABC found failing ' \
                'in frame %d (see %s/replay.log)' % (name, d, location(name_f), frame, d)
        failed[name_f] = frame
        checked = frame
    elif 'No output asserted' not in log and 'No output failed' not in log:
        return None, '%s: ABC bmc3 gave no verdict (see %s/bmc.log)' % (name, d)
    # per property (one source line, every instance)
    props = {}
    for i, s in enumerate(srcs):
        if i not in dead:
            props.setdefault(s, []).append(i)
    rows = []
    for s, idx in props.items():
        if s in failed:
            st = 'failed'
        elif all(i in proved for i in idx):
            st = 'proved'
        else:
            st = 'bounded'
        desc, sec = describe(s)
        rows.append((s, desc, sec, len(idx), st))
    rows.sort(key=lambda r: (location(r[0]).split(':')[0], int(location(r[0]).split(':')[1])))
    return {'name': name, 'depth': checked, 'rows': rows, 'seconds': time.time() - t0,
            'params': cfg['params'], 'dir': d}, None


def main():
    ap = argparse.ArgumentParser(description='prove the router\'s properties with yosys and ABC')
    ap.add_argument('--tier', choices=('ci', 'full'), default='full')
    ap.add_argument('--out', default='build/formal')
    ap.add_argument('--configs', default='tests/formal/configs.txt')
    ap.add_argument('--pdr-seconds', type=int, default=int(os.environ.get('FORMAL_PDR_SECONDS', '60')),
                    help='PDR time per configuration (0: bounded checks only)')
    ap.add_argument('--rtl', default='rtl', help='the router\'s sources (a mutant\'s copy)')
    ap.add_argument('--dut', help='a designer\'s router module (make formal-user): with --files, --params, --depth')
    ap.add_argument('--files', default='', help='its Verilog files, space-separated')
    ap.add_argument('--params', default='', help='the harness\'s parameters, KEY=VALUE space-separated')
    ap.add_argument('--defines', default='', help='defines of the design, NAME[=VALUE] space-separated '
                    '(IFACE=: rtl/flitnet_iface.sv\'s, with FLITNET_ROUTER=TOP)')
    ap.add_argument('--depth', type=int, default=8)
    ap.add_argument('names', nargs='*')
    a = ap.parse_args()
    for tool in ('yosys', 'yosys-abc'):
        if subprocess.run(['sh', '-c', 'command -v ' + tool], stdout=subprocess.DEVNULL).returncode:
            die('needs %s (make deps-formal)' % tool)
    codes = routing_codes()
    # yosys must read the Verilog as Verilator does, or the proof is of another circuit
    ours = [os.path.join(a.rtl, l.strip()) for l in open(os.path.join(ROOT, a.rtl, 'flitnet.f')) if l.strip()]
    r = subprocess.run([sys.executable, os.path.join(ROOT, 'rtl', 'yosys_reads.py')] + ours + [HARNESS] + a.files.split(),
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode:
        first = (r.stdout or r.stderr).splitlines()[0]
        die('%s (and %d more)' % (first, len(r.stdout.splitlines()) - 1) if len(r.stdout.splitlines()) > 1 else first)
    if a.dut:
        params = dict(kv.split('=', 1) for kv in a.params.split())
        # a designer's router: the interface's properties only, not our routing's; of the
        # routing fields, the hop count every routing keeps (+1 on a network port), which
        # the next router's routing reads
        params.update({'EJECT_DST': '0', 'MINIMAL': '0', 'NO_UTURN': '0', 'DOR_RULE': '0',
                       'FIELDS': '1', 'EJECT_FIELDS': '0', 'HOP_RULE': '0'})
        for d in a.defines.split():
            if not re.match(r'^[A-Za-z_][A-Za-z0-9_]*(=[A-Za-z0-9_]+)?$', d):
                die('--defines: %s is not NAME or NAME=VALUE' % d)
        cfgs = [{'name': a.names[0] if a.names else a.dut, 'depth': a.depth, 'tier': 'full', 'params': params,
                 'dut': a.dut, 'files': a.files.split(), 'defines': a.defines.split()}]
    else:
        cfgs = read_configs(os.path.join(ROOT, a.configs), a.tier, a.names)
    n = {'proved': 0, 'bounded': 0, 'failed': 0}
    errors = 0
    t_start = time.time()
    times = ['| configuration | parameters | depth | proved | bounded | failed | seconds |', '|---|---|---:|---:|---:|---:|---:|']
    md = ['| configuration | property | contract | instances | result |', '|---|---|---|---:|---|']
    for cfg in cfgs:
        res, err = prove(cfg, codes, a.out, a.pdr_seconds, a.rtl)
        if err:
            print('formal: ' + err)
            errors += 1
            continue
        counts = {k: sum(1 for r in res['rows'] if r[4] == k) for k in n}
        for k in n:
            n[k] += counts[k]
        print('formal: %-14s depth %2d  %2d proved, %2d bounded, %d failed  (%.0f s)'
              % (res['name'], res['depth'], counts['proved'], counts['bounded'], counts['failed'], res['seconds']))
        times.append('| %s | %s | %d | %d | %d | %d | %.0f |' % (res['name'], ' '.join('%s=%s' % kv for kv in res['params'].items()),
                                                           res['depth'], counts['proved'], counts['bounded'], counts['failed'], res['seconds']))
        for s, desc, sec, inst, st in res['rows']:
            st_txt = 'bounded (depth %d)' % res['depth'] if st == 'bounded' else st
            md.append('| %s | %s (`%s`) | %s | %d | %s |' % (res['name'], desc, location(s), sec, inst, st_txt))
            if st == 'failed':
                print('formal: %s: FAILED %s %s (%s): counterexample %s/cex.vcd' % (res['name'], sec, desc, location(s), res['dir']))
    commit = subprocess.run(['git', 'describe', '--always', '--dirty'], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    total = 'formal: %d proved, %d bounded, %d failed' % (n['proved'], n['bounded'], n['failed'] + errors)
    os.makedirs(os.path.join(ROOT, a.out), exist_ok=True)
    with open(os.path.join(ROOT, a.out, 'summary.md'), 'w') as f:
        f.write('Measured by `tests/formal/formal.py --tier %s --pdr-seconds %d` on commit %s, %s; %d s of wall time.\n\n'
                % (a.tier, a.pdr_seconds, commit or 'unknown', time.strftime('%Y-%m-%d'), time.time() - t_start))
        f.write('\n'.join(times) + '\n\n' + '\n'.join(md) + '\n\n' + total + '\n')
    print(total)
    return 1 if n['failed'] or errors else 0


if __name__ == '__main__':
    sys.exit(main())
