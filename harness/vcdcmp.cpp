// vcdcmp.cpp: vcdcmp A.vcd B.vcd
// Checks that every signal of A (the C model's waves, c_model/waves/vcd.c) exists in B (the
// RTL's, Verilator) under the same hierarchical name and width, and carries the same
// values at the same times. B may have more signals. Prints the number of signals
// and value changes compared; exits 1 on the first differences (up to 10 shown).
// vcdcmp --list A.vcd prints A's signals as GTKWave names them (vectors with [msb:0]).
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

struct Change {
    uint64_t t;
    std::string v;  // binary digits without leading zeros ("0" for zero); x/z kept
};

struct Vcd {
    std::map<std::string, std::string> name_to_id;  // full name -> id code
    std::unordered_map<std::string, int> width;      // id -> width
    std::unordered_map<std::string, std::vector<Change>> changes;
    uint64_t first = UINT64_MAX, last = 0;
};

static std::string norm(const std::string &v)
{
    size_t i = 0;
    while (i + 1 < v.size() && v[i] == '0') i++;
    return v.substr(i);
}

static bool load(const char *path, Vcd &d, std::string &err)
{
    std::ifstream f(path);
    if (!f) {
        err = std::string("cannot read ") + path;
        return false;
    }
    std::vector<std::string> scope;
    std::string tok;
    uint64_t now = 0;
    bool defs = true;
    while (f >> tok) {
        if (defs) {
            std::string x;
            if (tok == "$scope") {
                std::string kind, name;
                f >> kind >> name;
                scope.push_back(name);
            } else if (tok == "$upscope") {
                if (!scope.empty()) scope.pop_back();
            } else if (tok == "$var") {
                std::string type, id, name;
                int w = 0;
                f >> type >> w >> id >> name;
                std::string full;
                for (auto &s : scope) full += s + ".";
                full += name;
                d.name_to_id[full] = id;
                d.width[id] = w;
            } else if (tok == "$enddefinitions") {
                defs = false;
            }
            if (tok[0] == '$')
                while (f >> x && x != "$end") {}  // the rest of the declaration
            continue;
        }
        if (tok[0] == '#') {
            now = std::stoull(tok.substr(1));
            if (now < d.first) d.first = now;
            if (now > d.last) d.last = now;
        } else if (tok[0] == 'b' || tok[0] == 'B') {
            std::string id;
            f >> id;
            d.changes[id].push_back({now, norm(tok.substr(1))});
        } else if (tok[0] == 'r' || tok[0] == 'R') {
            std::string id;
            f >> id;
        } else if (tok[0] == '0' || tok[0] == '1' || tok[0] == 'x' || tok[0] == 'X' || tok[0] == 'z' ||
                   tok[0] == 'Z') {
            d.changes[tok.substr(1)].push_back({now, tok.substr(0, 1)});
        }
        // $dumpvars, $end and the like carry no value
    }
    return true;
}

// the value timeline without repeats: what a viewer shows
static std::vector<Change> timeline(const std::vector<Change> &c)
{
    std::vector<Change> r;
    for (auto &x : c) {
        if (!r.empty() && r.back().t == x.t) r.pop_back();  // the last change at a time wins
        if (r.empty() || r.back().v != x.v) r.push_back(x);
    }
    return r;
}

int main(int argc, char **argv)
{
    if (argc == 3 && std::string(argv[1]) == "--list") {
        Vcd a;
        std::string err;
        if (!load(argv[2], a, err)) {
            fprintf(stderr, "vcdcmp: %s\n", err.c_str());
            return 2;
        }
        for (auto &kv : a.name_to_id) {
            int w = a.width[kv.second];
            if (w > 1) printf("%s[%d:0]\n", kv.first.c_str(), w - 1);
            else printf("%s\n", kv.first.c_str());
        }
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: vcdcmp A.vcd B.vcd (every signal of A must be in B with the same values)\n");
        return 2;
    }
    Vcd a, b;
    std::string err;
    if (!load(argv[1], a, err) || !load(argv[2], b, err)) {
        fprintf(stderr, "vcdcmp: %s\n", err.c_str());
        return 2;
    }
    if (a.name_to_id.empty()) {
        fprintf(stderr, "vcdcmp: %s declares no signal\n", argv[1]);
        return 2;
    }
    if (a.first != b.first || a.last != b.last)
        fprintf(stderr, "vcdcmp: note: %s spans %llu..%llu, %s %llu..%llu\n", argv[1],
                static_cast<unsigned long long>(a.first), static_cast<unsigned long long>(a.last), argv[2],
                static_cast<unsigned long long>(b.first), static_cast<unsigned long long>(b.last));
    long sigs = 0, changes = 0, bad = 0;
    for (auto &kv : a.name_to_id) {
        const std::string &name = kv.first;
        auto it = b.name_to_id.find(name);
        if (it == b.name_to_id.end()) {
            if (bad++ < 10) printf("missing in %s: %s\n", argv[2], name.c_str());
            continue;
        }
        if (a.width[kv.second] != b.width[it->second]) {
            if (bad++ < 10)
                printf("%s: width %d in %s, %d in %s\n", name.c_str(), a.width[kv.second], argv[1],
                       b.width[it->second], argv[2]);
            continue;
        }
        std::vector<Change> ta = timeline(a.changes[kv.second]), tb = timeline(b.changes[it->second]);
        sigs++;
        changes += static_cast<long>(ta.size());
        size_t n = ta.size() < tb.size() ? ta.size() : tb.size();
        size_t i = 0;
        while (i < n && ta[i].t == tb[i].t && ta[i].v == tb[i].v) i++;
        if (i < ta.size() || i < tb.size()) {
            if (bad++ < 10) {
                printf("%s differs", name.c_str());
                if (i < ta.size()) printf(": %s has %s at %llu", argv[1], ta[i].v.c_str(), static_cast<unsigned long long>(ta[i].t));
                if (i < tb.size()) printf("; %s has %s at %llu", argv[2], tb[i].v.c_str(), static_cast<unsigned long long>(tb[i].t));
                printf("\n");
            }
        }
    }
    printf("vcdcmp: %ld shared signals, %ld value changes compared, %ld differences\n", sigs, changes, bad);
    return bad ? 1 : 0;
}
