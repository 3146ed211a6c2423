/* cli.h: what the commands share: reading CONFIG and key=value arguments into a
 * configuration, and the one-line error convention. */
#ifndef FLITNET_CLI_H
#define FLITNET_CLI_H
#include "config.h"

/* prints "flitnet: MSG" on stderr; returns 1 (the exit status of bad input) */
int cli_fail(const char *msg);
/* text put before every cli_fail message until called again with NULL (a command that
 * runs another's parser says whose failure it is) */
void cli_fail_context(const char *context);
/* an output file the command writes after its runs can be written: 0, or -1 with "cannot
 * write 'path': reason" in err. Checked before the runs, so that a bad path costs none, and
 * without creating or truncating the file, so that a command refused later leaves it be. */
int cli_path_writable(const char *path, char *err, size_t errlen);
/* the file an output path names, for comparing it with another path: the resolved path of
 * the file (links followed), or of its directory with the name appended when the file does
 * not exist yet (a link to a file not yet there: its target's) */
void cli_output_identity(const char *path, char *out, size_t len);
/* the same, printing the reason: 0, or 1 */
int cli_writable(const char *path);
/* closes a file the command wrote; -1 (with "writing 'path' failed: reason" in err) when a
 * write or the close failed (a full device) */
int cli_close_out(FILE *f, const char *path, char *err, size_t errlen);
/* a decimal integer in lo..hi, the whole string (no sign, no blanks); 0, or -1 */
int cli_parse_long(const char *s, long lo, long hi, long *out);
/* the arguments one command takes: cli_build_config refuses more, so that its `rest` (an
 * array of CLI_MAX_ARGS) can hold every option */
#define CLI_MAX_ARGS 128
/* Applies CONFIG and key=value arguments to the defaults and resolves them. Options
 * (arguments starting with '-', with the value of --json/--csv/--plot/-j/--title) go to
 * rest. When range is not NULL, rate=A:B:STEP or flit_rate=A:B:STEP is left in *range.
 * Returns 0, or 1 after printing the error. */
int cli_build_config(int argc, char **argv, sim_config *c, char **rest, int *nrest, const char **range);
#endif
