// flitnet_sc_main.cpp: an sc_main to copy: flitnet's network in SystemC, a 4x4 torus unless
// told otherwise, clocked by an sc_clock; prints the latency and throughput it measured.
//
//   flitnet-sc [CONFIG] [key=value ...] [--json FILE] [--vcd FILE]
//
// The keys are `flitnet sim`'s (`flitnet sim --help`), k = 4 by default; --json writes the
// JSON `flitnet sim --json` writes for the same keys, --vcd the pins of every router and
// node from SystemC's own tracing (the whole run: keep it short), under flitnet's names.
#include "flitnet_sc.h"

extern "C" {
#include "cli.h"
#include "report.h"
}

#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

int sc_main(int argc, char **argv)
{
    std::vector<char *> args(argv + 1, argv + argc);
    sim_config cfg;
    char *rest[CLI_MAX_ARGS];
    int nrest = 0;
    if (cli_build_config(static_cast<int>(args.size()), args.data(), &cfg, rest, &nrest, nullptr)) return 1;
    if (!config_given(&cfg, "k")) {  // the example's network: a 4x4 torus
        static char k4[] = "k=4";
        args.push_back(k4);
        if (cli_build_config(static_cast<int>(args.size()), args.data(), &cfg, rest, &nrest, nullptr)) return 1;
    }
    const char *json = nullptr, *vcd = nullptr;
    for (int i = 0; i < nrest; i++) {
        if (!strcmp(rest[i], "--json") && i + 1 < nrest) json = rest[++i];
        else if (!strcmp(rest[i], "--vcd") && i + 1 < nrest) vcd = rest[++i];
        else return cli_fail((std::string("unknown option '") + rest[i] + "' (--json FILE, --vcd FILE)").c_str());
    }
    if (json && cli_writable(json)) return 1;
    if (vcd && cli_writable(vcd)) return 1;

    sc_core::sc_clock clk("clk", 10, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, true);
    std::unique_ptr<flitnet::Network> net;
    try {
        net.reset(new flitnet::Network("flitnet_network", cfg));
    } catch (const std::invalid_argument &e) {
        return cli_fail(e.what());
    }
    net->clk_i(clk);
    sc_core::sc_trace_file *tf = nullptr;
    if (vcd) {
        std::string base(vcd);  // SystemC adds ".vcd"
        if (base.size() > 4 && base.compare(base.size() - 4, 4, ".vcd") == 0) base.resize(base.size() - 4);
        tf = sc_core::sc_create_vcd_trace_file(base.c_str());
        tf->set_time_unit(1, sc_core::SC_NS);
        net->trace(tf);
    }
    sc_core::sc_start();
    if (tf) sc_core::sc_close_vcd_trace_file(tf);
    if (!net->done()) return cli_fail("the SystemC simulation stopped before the run ended");
    if (!net->error().empty()) return cli_fail(net->error().c_str());
    if (vcd) {
        const std::string e = flitnet::fix_vcd_names(vcd);
        if (!e.empty()) return cli_fail(e.c_str());
    }
    const sim_result &r = net->result();
    char shape[64];
    printf("flitnet in SystemC: %s, %s, %llu cycles (%s)\n", config_shape(&cfg, shape, sizeof shape), cfg.routing,
           static_cast<unsigned long long>(r.cycles), sc_core::sc_time_stamp().to_string().c_str());
    if (!r.messages_measured) {
        printf("latency      none measured: no message generated in the window was delivered\n");
    } else {
        printf("latency      %.2f cycles (network %.2f, source wait %.2f)", r.avg_latency, r.avg_network_latency,
               r.avg_source_wait);
        if (std::isfinite(r.latency_ci95)) printf(", 95%% CI +-%.2f over %d batches", r.latency_ci95, r.ci_batches);
        printf("\n");
    }
    printf("throughput   %.5f flits/node/cycle accepted of %.5f offered\n", r.accepted_flit_rate, r.offered_flit_rate);
    printf("messages     %llu generated, %llu delivered%s%s\n", static_cast<unsigned long long>(r.messages_generated),
           static_cast<unsigned long long>(r.messages_delivered), r.saturated ? "; saturated: " : "",
           r.saturated ? r.saturated_why : "");
    if (json && report_json(json, &cfg, &r)) return cli_fail((std::string("cannot write '") + json + "'").c_str());
    return r.deadlock ? 2 : r.corrupt ? 3 : 0;
}
