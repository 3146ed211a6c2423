/* test_precision.c: runs that stop when the answer is known (key precision): where they
 * stop, what they measure, and that the saturation detector still answers first. */
#include "testutil.h"

/* low load: the CI reaches 2 % well before the end; the run stops at a batch boundary
 * from the 10th batch on, and its interval is within the precision asked */
static void stops_early_within_precision(void **state)
{
    (void)state;
    sim_config c;
    sim_result r;
    cfg_build(&c, "rate=0.003", "cycles=150000", "warmup=3000", "precision=0.02", NULL);
    assert_int_equal(c.batches, PRECISION_BATCHES);
    run_ok(&c, &r, 0);
    assert_true(r.precision_stop);
    assert_false(r.saturated);
    assert_true(r.batches >= PRECISION_MIN_BATCHES && r.batches < PRECISION_BATCHES);
    assert_true(r.cycles < 150000);
    assert_true(r.latency_ci95 <= 0.02 * r.avg_latency);
    /* the stop is at the first cycle of batch `batches`: generation cycles g with
     * g * 30 / 147000 >= batches are not measured */
    assert_int_equal(r.cycles, 3000 + ((uint64_t)r.batches * 147000 + 29) / 30);
    sim_result_free(&r);
}

/* a precision no run reaches: every cycle runs, and the numbers are those of the same run
 * without precision and with the same batches */
static void unreachable_precision_runs_everything(void **state)
{
    (void)state;
    sim_config a, b;
    sim_result ra, rb;
    cfg_build(&a, "k=4", "rate=0.004", "cycles=30000", "warmup=2000", "precision=1e-9", NULL);
    cfg_build(&b, "k=4", "rate=0.004", "cycles=30000", "warmup=2000", "batches=30", NULL);
    run_ok(&a, &ra, 0);
    run_ok(&b, &rb, 0);
    assert_false(ra.precision_stop);
    assert_int_equal(ra.cycles, rb.cycles);
    assert_int_equal(ra.batches, 30);
    assert_double_equal(ra.avg_latency, rb.avg_latency, 0);
    assert_double_equal(ra.latency_ci95, rb.latency_ci95, 0);
    assert_int_equal(ra.messages_measured, rb.messages_measured);
    sim_result_free(&ra);
    sim_result_free(&rb);
}

/* past saturation the detector stops the run as saturated, precision or not */
static void saturation_answers_first(void **state)
{
    (void)state;
    sim_config c;
    sim_result r;
    cfg_build(&c, "k=4", "rate=0.05", "cycles=100000", "warmup=2000", "precision=0.5", NULL);
    run_ok(&c, &r, 0);
    assert_true(r.saturated);
    assert_false(r.precision_stop);
    sim_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stops_early_within_precision),
        cmocka_unit_test(unreachable_precision_runs_everything),
        cmocka_unit_test(saturation_answers_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
