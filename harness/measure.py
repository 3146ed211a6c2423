#!/usr/bin/env python3
"""measure.py OUT [--cap-mb MB] -- CMD...: runs CMD and writes to OUT one line,
"SECONDS PEAK_MB STATUS" (the wall-clock time, the command's peak resident memory and
its exit status, 128 + N for a signal N), then exits with CMD's status. With --cap-mb
the command's address space is capped at MB megabytes (RLIMIT_AS), so that a build that
would exhaust the machine fails at the cap instead of being killed by the kernel.
For the builds of harness/build_user.sh, which report their time and peak memory."""
import resource
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    if len(args) < 3 or "--" not in args:
        sys.stderr.write("usage: measure.py OUT [--cap-mb MB] -- CMD...\n")
        return 2
    sep = args.index("--")
    out, opts, cmd = args[0], args[1:sep], args[sep + 1:]
    cap = None
    if opts[:1] == ["--cap-mb"] and len(opts) == 2:
        cap = int(opts[1]) * 1024 * 1024
    elif opts:
        sys.stderr.write("measure.py: unknown options %s\n" % " ".join(opts))
        return 2

    def limit():
        if cap:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    t0 = time.monotonic()
    rc = subprocess.call(cmd, preexec_fn=limit)
    secs = time.monotonic() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    status = rc if rc >= 0 else 128 - rc
    with open(out, "w") as f:
        f.write("%.1f %.0f %d\n" % (secs, peak_mb, status))
    return status


if __name__ == "__main__":
    sys.exit(main())
