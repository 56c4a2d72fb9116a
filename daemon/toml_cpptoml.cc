// toml.h over Debian's libcpptoml. cpptoml keeps no source positions, so a key's line is found
// with the parser itself: it is the shortest prefix of the file (in whole lines) whose parse
// holds the key. That costs a parse per line, so it is done only for files of up to
// CZ_TOML_LINES_MAX lines (a configuration file has a few hundred); longer files report line 0.
#include <cpptoml.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "toml.h"

namespace
{

const size_t CZ_TOML_LINES_MAX = 1000;

using cz_table = std::shared_ptr<cpptoml::table>;

std::vector<std::string> cz_sorted_keys(const cpptoml::table &t)
{
    std::vector<std::string> keys;
    for (const auto &kv : t)
        keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());
    return keys;
}

// "section\x1fkey" (key "" for the section itself), the map key of a line number.
std::string cz_path(const std::string &section, const std::string &key)
{
    return section + '\x1f' + key;
}

// Calls f(section, key, value) for every section (key "", value null) and key, sections first
// level only, in the order of `order` (their lines, or names when lines are unknown).
template <typename F, typename O> void cz_walk(const cpptoml::table &root, O order, F f)
{
    std::vector<std::string> names = cz_sorted_keys(root);
    std::stable_sort(names.begin(), names.end(), [&](const std::string &a, const std::string &b) {
        return order(root.get(a)->is_table() ? a : std::string(),
                     root.get(a)->is_table() ? "" : a) <
               order(root.get(b)->is_table() ? b : std::string(), root.get(b)->is_table() ? "" : b);
    });
    for (const std::string &name : names) {
        std::shared_ptr<cpptoml::base> v = root.get(name);
        if (!v->is_table()) {
            f(std::string(), name, v);
            continue;
        }
        const cpptoml::table &sec = *v->as_table();
        f(name, std::string(), nullptr);
        std::vector<std::string> keys = cz_sorted_keys(sec);
        std::stable_sort(keys.begin(), keys.end(), [&](const std::string &a, const std::string &b) {
            return order(name, a) < order(name, b);
        });
        for (const std::string &key : keys)
            f(name, key, sec.get(key));
    }
}

cz_table cz_parse(const std::string &text)
{
    std::istringstream in(text);
    cpptoml::parser p(in);
    return p.parse();
}

// The line of every section and key (see the file comment).
std::map<std::string, unsigned> cz_lines(const std::string &text)
{
    std::map<std::string, unsigned> lines;
    std::vector<size_t> ends; // offset after each line's '\n'
    for (size_t i = 0; i < text.size(); i++)
        if (text[i] == '\n')
            ends.push_back(i + 1);
    if (ends.empty() || ends.back() != text.size())
        ends.push_back(text.size());
    if (ends.size() > CZ_TOML_LINES_MAX)
        return lines;
    for (size_t k = 0; k < ends.size(); k++) {
        cz_table t;
        try {
            t = cz_parse(text.substr(0, ends[k]));
        } catch (const cpptoml::parse_exception &) {
            continue; // inside a multi-line value
        }
        cz_walk(
            *t, [](const std::string &, const std::string &) { return 0u; },
            [&](const std::string &s, const std::string &key,
                const std::shared_ptr<cpptoml::base> &) {
                lines.emplace(cz_path(s, key), static_cast<unsigned>(k + 1));
            });
    }
    return lines;
}

void cz_fill_value(cz_toml_entry *e, const std::shared_ptr<cpptoml::base> &v, std::string &str,
                   std::vector<int64_t> &ints)
{
    if (v->is_table() || v->is_table_array()) {
        e->type = CZ_TOML_TABLE;
    } else if (v->is_array()) {
        e->type = CZ_TOML_ARRAY;
        const auto &items = v->as_array()->get();
        e->n_items = items.size();
        e->all_ints = true;
        for (const auto &item : items) {
            auto iv = item->as<int64_t>();
            if (!iv) {
                e->all_ints = false;
                break;
            }
            ints.push_back(iv->get());
        }
        e->ints = ints.data();
    } else if (auto s = v->as<std::string>()) {
        e->type = CZ_TOML_STRING;
        str = s->get();
        e->str = str.c_str();
    } else if (auto i = v->as<int64_t>()) {
        e->type = CZ_TOML_INT;
        e->i = i->get();
    } else if (auto b = v->as<bool>()) {
        e->type = CZ_TOML_BOOL;
        e->b = b->get();
    } else if (auto d = v->as<double>()) {
        e->type = CZ_TOML_FLOAT;
        e->f = d->get();
    } else {
        e->type = CZ_TOML_OTHER;
    }
}

} // namespace

extern "C" cz_status cz_toml_read(const char *path, cz_toml_fn fn, void *user, char *why,
                                  size_t why_len)
{
    try {
        std::ifstream in(path, std::ios::binary);
        std::stringstream buf;
        buf << in.rdbuf();
        if (!in.is_open() || in.bad()) {
            snprintf(why, why_len, "%s: cannot read: %s", path, strerror(errno));
            return CZ_ERR_IO;
        }
        std::string text = buf.str();
        cz_table root;
        try {
            root = cz_parse(text);
        } catch (const cpptoml::parse_exception &ex) {
            // cpptoml says "<what> at line N": move the line to the front, as compilers do
            std::string msg = ex.what();
            size_t at = msg.rfind(" at line ");
            if (at != std::string::npos)
                snprintf(why, why_len, "%s:%s: %s", path, msg.c_str() + at + 9,
                         msg.substr(0, at).c_str());
            else
                snprintf(why, why_len, "%s: %s", path, msg.c_str());
            return CZ_ERR_BAD_INPUT;
        }
        std::map<std::string, unsigned> lines = cz_lines(text);
        auto line_of = [&](const std::string &s, const std::string &key) {
            auto it = lines.find(cz_path(s, key));
            return it == lines.end() ? 0u : it->second;
        };
        cz_walk(*root, line_of,
                [&](const std::string &s, const std::string &key,
                    const std::shared_ptr<cpptoml::base> &v) {
                    cz_toml_entry e{};
                    std::string str;
                    std::vector<int64_t> ints;
                    e.section = s.c_str();
                    e.key = v ? key.c_str() : nullptr;
                    e.line = line_of(s, key);
                    if (v)
                        cz_fill_value(&e, v, str, ints);
                    else
                        e.type = CZ_TOML_TABLE;
                    fn(user, &e);
                });
        return CZ_OK;
    } catch (const std::bad_alloc &) {
        snprintf(why, why_len, "%s: out of memory", path);
        return CZ_ERR_NOMEM;
    }
}
