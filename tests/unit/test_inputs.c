/* test_inputs.c: inputs the fuzzers (tests/fuzz/) found mishandled, each kept as a
 * regression test: the input, and what the reader must do with it. */
#include "testutil.h"
#include "faults.h"
#include "topology.h"

/* writes text to a fresh temporary file; returns its path (static buffer) */
static const char *temp_file(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/flitnet-test-inputs-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t n = strlen(text);
    assert_int_equal(write(fd, text, n), (ssize_t)n);
    close(fd);
    return path;
}

static void topo_8x8(topology *t)
{
    sim_config c;
    char err[CFG_ERR];
    config_defaults(&c);
    assert_int_equal(config_resolve(&c, err, sizeof err), 0);
    assert_int_equal(topo_init(t, c.topology, c.n, c.k, err, sizeof err), 0);
}

/* fuzz_faults: a fault file refused half-way through (a bad line after good ones) left the
 * set's arrays allocated; a refused set must own nothing (LeakSanitizer saw 18 KB) */
static void refused_fault_file_owns_nothing(void **state)
{
    (void)state;
    topology t;
    topo_8x8(&t);
    const char *files[] = {"3\n3\n2,# comment\n4,4\n", "27\n99\n", "1,2\n1,2,3\n", "x\n"};
    for (int block = 0; block < 2; block++)
        for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
            const char *path = temp_file(files[i]);
            fault_spec sp = {.file = path, .block = block};
            fault_set fs;
            char err[CFG_ERR] = "";
            assert_int_equal(faults_build(&fs, &t, &sp, NULL, NULL, err, sizeof err), -1);
            assert_true(err[0] != 0);
            assert_null(fs.faulty);
            assert_null(fs.blocked);
            assert_null(fs.regions);
            unlink(path);
        }
    topo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refused_fault_file_owns_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
