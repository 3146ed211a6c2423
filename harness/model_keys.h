// model_keys.h: the key=value overrides of a harness built around one Verilated model
// (cosim.cpp, scoreboard.cpp). The structural keys are fixed by the model (MODEL_CFG,
// written by build_model.sh or build_user.sh into model_cfg.h); any other key goes to
// the C model's configuration, which checks it.
#ifndef FLITNET_MODEL_KEYS_H
#define FLITNET_MODEL_KEYS_H

#include "model_cfg.h"

extern "C" {
#include "config.h"
}

#include <string>

static const char *const structural[] = {"topology", "k",        "n",          "vcs",     "buf_depth",     "obuf_depth",
                                         "routing",  "dateline", "escape_vcs", "timeout", "fault_handling"};

// applies the space-separated key=value pairs of TEXT to C (MODEL: the model's own
// configuration, whose structural keys are allowed); false with ERR on the first bad one
static inline bool apply_keys(sim_config &c, const std::string &text, bool model, std::string &err)
{
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') i++;
        size_t j = text.find(' ', i);
        if (j == std::string::npos) j = text.size();
        std::string kv = text.substr(i, j - i);
        i = j;
        if (kv.empty()) continue;
        size_t eq = kv.find('=');
        if (eq == std::string::npos) { err = "expected key=value, got '" + kv + "'"; return false; }
        std::string k = kv.substr(0, eq), v = kv.substr(eq + 1);
        if (!model)
            for (const char *s : structural)
                if (k == s) { err = "'" + k + "' is fixed by the Verilated model (" MODEL_CFG ")"; return false; }
        char e[CFG_ERR];
        if (config_set(&c, k.c_str(), v.c_str(), e, sizeof e)) { err = e; return false; }
    }
    return true;
}

#endif
