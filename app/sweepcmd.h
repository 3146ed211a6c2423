/* sweepcmd.h: the `sweep` and `merge` commands. A sweep runs its points in worker processes
 * here, or, with `--jobs DIR`, is split into self-contained jobs for other engines: DIR/jobs.txt
 * (one `flitnet sim ... --json DIR/point-N.json` per rate; GNU parallel, on one machine or
 * over many with --sshlogin), DIR/sweep.sbatch (a SLURM job array over those lines) and
 * DIR/sweep.args (the sweep's arguments). `merge DIR` reads the points' JSON, whatever
 * machines wrote them, names the missing ones, and prints what the sweep would have. */
#ifndef FLITNET_SWEEPCMD_H
#define FLITNET_SWEEPCMD_H

/* flitnet sweep [CONFIG] [key=value ...] rate=A:B:STEP [-j N | --jobs DIR] [--csv F] [--plot F] ... */
int cmd_sweep(int argc, char **argv);
/* flitnet merge DIR [--csv F] [--plot F] [--throughput F] [--title T] [--all] */
int cmd_merge(int argc, char **argv);
#endif
