/* A stand-in for json.h until the real one is merged (runtime/server/README.md). */
#ifndef SRV_JSON_H
#define SRV_JSON_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
typedef struct srv_json {
    char *data;
    size_t len, cap;
    bool failed;
    bool comma[16];
    size_t depth;
} srv_json;
void srv_json_init(srv_json *j);
void srv_json_reset(srv_json *j);
void srv_json_free(srv_json *j);
void srv_json_object(srv_json *j);
void srv_json_end_object(srv_json *j);
void srv_json_array(srv_json *j);
void srv_json_end_array(srv_json *j);
void srv_json_key(srv_json *j, const char *key);
void srv_json_string(srv_json *j, const char *s);
void srv_json_string_n(srv_json *j, const char *s, size_t n);
void srv_json_int(srv_json *j, int64_t v);
void srv_json_bool(srv_json *j, bool v);
void srv_json_null(srv_json *j);
void srv_json_raw(srv_json *j, const char *json, size_t n);
#endif
