/*
 * test_message.c - the protocol's messages: the JSON writer's output, the decoder of client
 * messages (each type's fields, and every way a message is refused, with its close code), and
 * the encoder whose output the decoder reads back to the same message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "json.h"
#include "message.h"

static int decode(const char *text, srv_msg *m, char *why)
{
    return srv_msg_decode(text, strlen(text), m, why, 128);
}

static void assert_refused(const char *text, int code)
{
    srv_msg m;
    char why[128];
    int rc = decode(text, &m, why);
    if (rc != code)
        fail_msg("%s: got %d (%s), expected %d", text, rc, why, code);
    assert_true(why[0] != '\0');
}

static void assert_malformed(const char *text)
{
    assert_refused(text, SRV_CLOSE_MALFORMED);
}

static void the_writer_puts_commas_between_items_and_none_after_a_key(void **state)
{
    (void)state;
    srv_json j;
    srv_json_init(&j);
    srv_json_object(&j);
    srv_json_key(&j, "a");
    srv_json_int(&j, -12);
    srv_json_key(&j, "b");
    srv_json_array(&j);
    srv_json_bool(&j, true);
    srv_json_null(&j);
    srv_json_object(&j);
    srv_json_end_object(&j);
    srv_json_array(&j);
    srv_json_end_array(&j);
    srv_json_uint(&j, UINT64_MAX);
    srv_json_end_array(&j);
    srv_json_key(&j, "c");
    srv_json_raw(&j, "{\"x\":1}", 7);
    srv_json_key(&j, "d");
    srv_json_string(&j, NULL);
    srv_json_key(&j, "e");
    srv_json_int(&j, INT64_MIN);
    srv_json_end_object(&j);
    assert_false(j.failed);
    assert_string_equal(j.data, "{\"a\":-12,\"b\":[true,null,{},[],18446744073709551615],"
                                "\"c\":{\"x\":1},\"d\":null,\"e\":-9223372036854775808}");
    assert_int_equal(j.len, strlen(j.data));
    srv_json_free(&j);
}

static void the_writer_escapes_strings_and_replaces_what_is_not_utf8(void **state)
{
    (void)state;
    srv_json j;
    srv_json_init(&j);
    srv_json_string(&j, "q\"b\\n\nt\tc\x01 \xc3\xa9 \xf0\x9f\x99\x82");
    assert_string_equal(j.data, "\"q\\\"b\\\\n\\nt\\tc\\u0001 \xc3\xa9 \xf0\x9f\x99\x82\"");
    srv_json_reset(&j);
    /* a stray continuation byte, a byte that starts nothing, a sequence cut short, an
     * overlong slash, a surrogate: each becomes U+FFFD */
    srv_json_string(&j, "a\x80"
                        "b\xff"
                        "c\xe2\x82"
                        "d\xc0\xaf"
                        "e\xed\xa0\x80");
    assert_string_equal(j.data, "\"a\xef\xbf\xbd"
                                "b\xef\xbf\xbd"
                                "c\xef\xbf\xbd\xef\xbf\xbd"
                                "d\xef\xbf\xbd\xef\xbf\xbd"
                                "e\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"");
    srv_json_reset(&j);
    srv_json_string_n(&j, "ab\0c", 4);
    assert_string_equal(j.data, "\"ab\\u0000c\"");
    srv_json_free(&j);
}

static void the_writer_fails_on_misuse_and_then_writes_nothing(void **state)
{
    (void)state;
    srv_json j;
    srv_json_init(&j);
    srv_json_end_object(&j);
    assert_true(j.failed);
    srv_json_int(&j, 1);
    assert_int_equal(j.len, 0);
    srv_json_reset(&j);
    assert_false(j.failed);
    for (int i = 0; i <= SRV_JSON_DEPTH; i++)
        srv_json_array(&j);
    assert_true(j.failed);
    srv_json_reset(&j);
    srv_json_object(&j);
    srv_json_key(&j, "k");
    srv_json_end_object(&j); /* a key without its value */
    assert_true(j.failed);
    srv_json_free(&j);
}

static void the_writer_keeps_its_memory_across_a_reset(void **state)
{
    (void)state;
    srv_json j;
    srv_json_init(&j);
    for (int i = 0; i < 1000; i++)
        srv_json_string(&j, "a long enough string to grow the buffer a few times");
    assert_false(j.failed);
    char *data = j.data;
    size_t cap = j.cap;
    srv_json_reset(&j);
    assert_int_equal(j.len, 0);
    assert_string_equal(j.data, "");
    srv_json_string(&j, "x");
    assert_ptr_equal(j.data, data);
    assert_int_equal(j.cap, cap);
    srv_json_free(&j);
}

static void each_type_decodes_its_fields(void **state)
{
    (void)state;
    srv_msg m;
    char why[128];
    assert_int_equal(decode("{\"t\":\"create\",\"game\":\"duo\",\"seed\":18446744073709551615,"
                            "\"packs\":[\"a\",\"b\"],\"seats\":[null,\"explorer\"]}",
                            &m, why),
                     0);
    assert_int_equal(m.type, SRV_MSG_CREATE);
    assert_string_equal(m.game, "duo");
    assert_true(m.has_seed);
    assert_true(m.seed == UINT64_MAX);
    assert_int_equal(m.pack_count, 2);
    assert_string_equal(m.packs[1], "b");
    assert_int_equal(m.seat_count, 2);
    assert_string_equal(m.bots[0], "");
    assert_string_equal(m.bots[1], "explorer");

    assert_int_equal(
        decode("{\"t\":\"join\",\"game\":\"0123abcd\",\"seat\":2,\"token\":\"ff\"}", &m, why), 0);
    assert_int_equal(m.type, SRV_MSG_JOIN);
    assert_string_equal(m.game, "0123abcd");
    assert_int_equal(m.seat, 2);
    assert_string_equal(m.text, "ff");
    assert_int_equal(m.beat, -1);

    assert_int_equal(decode("{\"t\":\"watch\",\"game\":\"g\"}", &m, why), 0);
    assert_int_equal(m.type, SRV_MSG_WATCH);
    assert_int_equal(m.seat, -1);

    assert_int_equal(decode(" {\"answers\":[\"3\",\"x\"],\"beat\":7,\"choice\":\"throw\","
                            "\"t\":\"choose\"}\n",
                            &m, why),
                     0);
    assert_int_equal(m.type, SRV_MSG_CHOOSE);
    assert_int_equal(m.beat, 7);
    assert_string_equal(m.text, "throw");
    assert_int_equal(m.answer_count, 2);
    assert_string_equal(m.answers[0], "3");

    assert_int_equal(decode("{\"t\":\"answer\",\"answer\":\"\\u00e9\\ud83d\\ude42\"}", &m, why), 0);
    assert_string_equal(m.text, "\xc3\xa9\xf0\x9f\x99\x82");
    assert_int_equal(m.beat, -1);

    assert_int_equal(decode("{\"t\":\"chat\",\"text\":\"hi \\\"all\\\"\"}", &m, why), 0);
    assert_string_equal(m.text, "hi \"all\"");

    assert_int_equal(decode("{\"t\":\"history\",\"from\":0,\"to\":100}", &m, why), 0);
    assert_int_equal(m.from, 0);
    assert_int_equal(m.to, 100);

    static const struct {
        const char *text;
        srv_msg_type type;
    } bare[] = {{"{\"t\":\"leave\"}", SRV_MSG_LEAVE},
                {"{\"t\":\"cancel\",\"beat\":0}", SRV_MSG_CANCEL},
                {"{\"t\":\"undo\"}", SRV_MSG_UNDO},
                {"{\"t\":\"sync\"}", SRV_MSG_SYNC}};
    for (size_t i = 0; i < sizeof bare / sizeof *bare; i++) {
        assert_int_equal(decode(bare[i].text, &m, why), 0);
        assert_int_equal(m.type, bare[i].type);
    }
}

static void unknown_fields_and_another_types_fields_are_ignored(void **state)
{
    (void)state;
    srv_msg m, plain;
    char why[128];
    assert_int_equal(decode("{\"t\":\"sync\"}", &plain, why), 0);
    assert_int_equal(decode("{\"t\":\"sync\",\"x\":{\"y\":[1.5e3,true,null,{\"z\":\"w\"}]},"
                            "\"seat\":\"not a number\",\"game\":7}",
                            &m, why),
                     0);
    assert_memory_equal(&m, &plain, sizeof m);
}

static void a_message_over_4096_bytes_is_oversized(void **state)
{
    (void)state;
    char text[SRV_MESSAGE_MAX + 2];
    srv_msg m;
    char why[128];
    /* {"t":"chat","text":"aaa...","pad":"..."} padded to exactly the limit, then one more */
    int head = snprintf(text, sizeof text, "{\"t\":\"sync\",\"pad\":\"");
    memset(text + head, 'a', sizeof text - (size_t)head);
    memcpy(text + SRV_MESSAGE_MAX - 2, "\"}", 2);
    assert_int_equal(srv_msg_decode(text, SRV_MESSAGE_MAX, &m, why, sizeof why), 0);
    memcpy(text + SRV_MESSAGE_MAX - 2, "a\"}", 3);
    assert_int_equal(srv_msg_decode(text, SRV_MESSAGE_MAX + 1, &m, why, sizeof why),
                     SRV_CLOSE_OVERSIZED);
    assert_non_null(strstr(why, "4096"));
}

static void what_is_not_json_is_malformed(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "   ",
        "[]",
        "\"sync\"",
        "{\"t\":\"sync\"",
        "{\"t\":\"sync\"}}",
        "{\"t\":\"sync\"} x",
        "{\"t\":\"sync\",}",
        "{\"t\" \"sync\"}",
        "{t:\"sync\"}",
        "{'t':'sync'}",
        "{\"t\":\"sync\",\"x\":01}",
        "{\"t\":\"sync\",\"x\":1.}",
        "{\"t\":\"sync\",\"x\":1e}",
        "{\"t\":\"sync\",\"x\":-}",
        "{\"t\":\"sync\",\"x\":+1}",
        "{\"t\":\"sync\",\"x\":tru}",
        "{\"t\":\"sync\",\"x\":[1,]}",
        "{\"t\":\"sync\",\"x\":\"\\x\"}",
        "{\"t\":\"sync\",\"x\":\"\\u12\"}",
        "{\"t\":\"sync\",\"x\":\"a\nb\"}",
        "{\"t\":\"sync\",\"x\":\"open}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_malformed(bad[i]);
}

static void strings_with_a_nul_or_bytes_not_utf8_are_malformed(void **state)
{
    (void)state;
    assert_malformed("{\"t\":\"chat\",\"text\":\"a\\u0000b\"}");
    assert_malformed("{\"t\":\"sync\",\"x\":\"\\u0000\"}");
    assert_malformed("{\"t\":\"chat\",\"text\":\"\\ud83d\"}");  /* a high surrogate alone */
    assert_malformed("{\"t\":\"chat\",\"text\":\"\\ude42x\"}"); /* a low one alone */
    assert_malformed("{\"t\":\"chat\",\"text\":\"\\ud83d\\u0041\"}");
    assert_malformed("{\"t\":\"chat\",\"text\":\"\xff\"}");
    assert_malformed("{\"t\":\"chat\",\"text\":\"\xc0\xaf\"}");         /* overlong */
    assert_malformed("{\"t\":\"chat\",\"text\":\"\xed\xa0\x80\"}");     /* a surrogate */
    assert_malformed("{\"t\":\"chat\",\"text\":\"\xf4\x90\x80\x80\"}"); /* past U+10FFFF */
    assert_malformed("{\"t\":\"chat\",\"text\":\"\xe2\x82\"}");         /* cut short */
    assert_malformed("{\"t\":\"sync\",\"\xff\":1}");
    /* a raw NUL, inside a string and outside */
    srv_msg m;
    char why[128];
    const char nul_in[] = "{\"t\":\"chat\",\"text\":\"a\0b\"}";
    assert_int_equal(srv_msg_decode(nul_in, sizeof nul_in - 1, &m, why, sizeof why),
                     SRV_CLOSE_MALFORMED);
    const char nul_after[] = "{\"t\":\"sync\"}\0";
    assert_int_equal(srv_msg_decode(nul_after, sizeof nul_after - 1, &m, why, sizeof why),
                     SRV_CLOSE_MALFORMED);
}

static void a_key_given_twice_is_malformed_even_escaped(void **state)
{
    (void)state;
    assert_malformed("{\"t\":\"sync\",\"t\":\"sync\"}");
    assert_malformed("{\"t\":\"sync\",\"\\u0074\":\"leave\"}");
    assert_malformed("{\"t\":\"sync\",\"x\":{\"a\":1,\"a\":2}}");
    srv_msg m;
    char why[128];
    assert_int_equal(decode("{\"t\":\"sync\",\"x\":{\"a\":1},\"y\":{\"a\":1}}", &m, why), 0);
}

static void nesting_deeper_than_4_is_malformed(void **state)
{
    (void)state;
    srv_msg m;
    char why[128];
    assert_int_equal(decode("{\"t\":\"sync\",\"x\":[[{\"y\":1}]]}", &m, why), 0);
    assert_malformed("{\"t\":\"sync\",\"x\":[[[{}]]]}");
    /* deep nesting cut short is refused at the limit, not followed */
    char deep[SRV_MESSAGE_MAX];
    int n = snprintf(deep, sizeof deep, "{\"t\":\"sync\",\"x\":");
    memset(deep + n, '[', sizeof deep - (size_t)n);
    assert_int_equal(srv_msg_decode(deep, sizeof deep, &m, why, sizeof why), SRV_CLOSE_MALFORMED);
    assert_non_null(strstr(why, "nested"));
}

static void unknown_types_and_expire_from_a_client_are_malformed(void **state)
{
    (void)state;
    assert_malformed("{\"game\":\"g\"}");
    assert_malformed("{\"t\":1}");
    assert_malformed("{\"t\":\"\"}");
    assert_malformed("{\"t\":\"Sync\"}");
    assert_malformed("{\"t\":\"welcome\"}");
    assert_malformed("{\"t\":\"expire\",\"beat\":3}");
    srv_msg m;
    char why[128];
    const char *expire = "{\"t\":\"expire\",\"beat\":3}";
    assert_int_equal(srv_msg_decode_logged(expire, strlen(expire), &m, why, sizeof why), 0);
    assert_int_equal(m.type, SRV_MSG_EXPIRE);
    assert_int_equal(m.beat, 3);
}

static void fields_of_the_wrong_type_or_range_are_malformed(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "{\"t\":\"create\"}",
        "{\"t\":\"create\",\"game\":\"\"}",
        "{\"t\":\"create\",\"game\":3}",
        "{\"t\":\"create\",\"game\":\"d\",\"seed\":-1}",
        "{\"t\":\"create\",\"game\":\"d\",\"seed\":1.5}",
        "{\"t\":\"create\",\"game\":\"d\",\"seed\":18446744073709551616}",
        "{\"t\":\"create\",\"game\":\"d\",\"seed\":\"1\"}",
        "{\"t\":\"create\",\"game\":\"d\",\"packs\":\"a\"}",
        "{\"t\":\"create\",\"game\":\"d\",\"packs\":[null]}",
        "{\"t\":\"create\",\"game\":\"d\",\"packs\":[\"\"]}",
        "{\"t\":\"create\",\"game\":\"d\",\"packs\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\",\"7\","
        "\"8\",\"9\"]}",
        "{\"t\":\"create\",\"game\":\"d\",\"seats\":[1]}",
        "{\"t\":\"create\",\"game\":\"d\",\"seats\":[null,null,null,null,null,null,null,null,"
        "null]}",
        "{\"t\":\"join\",\"seat\":1}",
        "{\"t\":\"join\",\"game\":\"g\",\"seat\":9}",
        "{\"t\":\"join\",\"game\":\"g\",\"seat\":-1}",
        "{\"t\":\"join\",\"game\":\"g\",\"seat\":1e0}",
        "{\"t\":\"join\",\"game\":\"g\",\"token\":null}",
        "{\"t\":\"watch\",\"game\":\"g\",\"seat\":true}",
        "{\"t\":\"choose\",\"beat\":1}",
        "{\"t\":\"choose\",\"choice\":\"x\",\"beat\":-2}",
        "{\"t\":\"choose\",\"choice\":\"x\",\"beat\":9223372036854775808}",
        "{\"t\":\"choose\",\"choice\":\"x\",\"answers\":[\"a\",2]}",
        "{\"t\":\"choose\",\"choice\":\"x\",\"answers\":[[\"a\"]]}",
        "{\"t\":\"answer\"}",
        "{\"t\":\"answer\",\"answer\":[\"a\"]}",
        "{\"t\":\"cancel\",\"beat\":\"1\"}",
        "{\"t\":\"chat\"}",
        "{\"t\":\"chat\",\"text\":\"\"}",
        "{\"t\":\"history\",\"from\":-1}",
        "{\"t\":\"history\",\"to\":0.5}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_malformed(bad[i]);
}

static void strings_longer_than_their_field_are_malformed(void **state)
{
    (void)state;
    char text[600];
    srv_msg m;
    char why[128];
    /* a chat line of 200 bytes passes, of 201 not */
    int head = snprintf(text, sizeof text, "{\"t\":\"chat\",\"text\":\"");
    memset(text + head, 'a', SRV_CHAT_MAX);
    snprintf(text + head + SRV_CHAT_MAX, sizeof text - (size_t)head - SRV_CHAT_MAX, "\"}");
    assert_int_equal(decode(text, &m, why), 0);
    assert_int_equal(strlen(m.text), SRV_CHAT_MAX);
    text[head + SRV_CHAT_MAX] = 'a';
    snprintf(text + head + SRV_CHAT_MAX + 1, 3, "\"}");
    assert_malformed(text);
    /* a game's name of 255 bytes passes, of 256 not */
    head = snprintf(text, sizeof text, "{\"t\":\"watch\",\"game\":\"");
    memset(text + head, 'g', SRV_TEXT_MAX - 1);
    snprintf(text + head + SRV_TEXT_MAX - 1, 3, "\"}");
    assert_int_equal(decode(text, &m, why), 0);
    text[head + SRV_TEXT_MAX - 1] = 'g';
    snprintf(text + head + SRV_TEXT_MAX, 3, "\"}");
    assert_malformed(text);
}

static void a_refused_message_leaves_the_struct_empty_but_for_its_type(void **state)
{
    (void)state;
    srv_msg m, empty;
    char why[128];
    assert_int_equal(decode("{\"t\":\"chat\",\"text\":\"\"}", &m, why), SRV_CLOSE_MALFORMED);
    memset(&empty, 0, sizeof empty);
    empty.type = SRV_MSG_CHAT;
    empty.beat = empty.seat = empty.from = empty.to = -1;
    assert_memory_equal(&m, &empty, sizeof m);
}

static void roundtrip(const char *text, bool logged)
{
    srv_msg m, again;
    char why[128];
    int (*dec)(const char *, size_t, srv_msg *, char *, size_t) =
        logged ? srv_msg_decode_logged : srv_msg_decode;
    if (dec(text, strlen(text), &m, why, sizeof why))
        fail_msg("%s: %s", text, why);
    srv_json j;
    srv_json_init(&j);
    srv_msg_encode(&m, &j);
    assert_false(j.failed);
    if (dec(j.data, j.len, &again, why, sizeof why))
        fail_msg("%s gave %s: %s", text, j.data, why);
    assert_memory_equal(&m, &again, sizeof m);
    srv_json_free(&j);
}

static void the_encoder_writes_what_the_decoder_reads_back_the_same(void **state)
{
    (void)state;
    roundtrip("{\"t\":\"create\",\"game\":\"base:dungeon\",\"seed\":42,\"packs\":[\"duo\"],"
              "\"seats\":[null,\"explorer\",\"\"]}",
              false);
    roundtrip("{\"t\":\"create\",\"game\":\"d\"}", false);
    roundtrip("{\"t\":\"join\",\"game\":\"abc\",\"seat\":1}", false);
    roundtrip("{\"t\":\"join\",\"game\":\"abc\",\"token\":\"0f0f\"}", false);
    roundtrip("{\"t\":\"watch\",\"game\":\"abc\",\"seat\":0}", false);
    roundtrip("{\"t\":\"leave\"}", false);
    roundtrip("{\"t\":\"choose\",\"beat\":12,\"choice\":\"throw\",\"answers\":[\"2\",\"\\n\"]}",
              false);
    roundtrip("{\"t\":\"answer\",\"beat\":3,\"answer\":\"\\\"\\u00e9\\\\\"}", false);
    roundtrip("{\"t\":\"cancel\",\"beat\":3}", false);
    roundtrip("{\"t\":\"undo\"}", false);
    roundtrip("{\"t\":\"chat\",\"text\":\"gg\"}", false);
    roundtrip("{\"t\":\"sync\"}", false);
    roundtrip("{\"t\":\"history\",\"from\":4}", false);
    roundtrip("{\"t\":\"expire\",\"beat\":9}", true);
}

static void the_encoder_writes_the_fields_in_a_fixed_order(void **state)
{
    (void)state;
    srv_msg m;
    char why[128];
    assert_int_equal(decode("{\"answers\":[\"n\"],\"choice\":\"move\",\"beat\":3,"
                            "\"t\":\"choose\",\"game\":\"x\"}",
                            &m, why),
                     0);
    srv_json j;
    srv_json_init(&j);
    srv_msg_encode(&m, &j);
    assert_string_equal(j.data,
                        "{\"t\":\"choose\",\"beat\":3,\"choice\":\"move\",\"answers\":[\"n\"]}");
    srv_json_free(&j);
}

/* The part of docs/protocol.md from `from` to the next `to` (the rest if none), a copy. */
static char *doc_part(const char *doc, const char *from, const char *to)
{
    const char *start = strstr(doc, from);
    assert_non_null(start);
    const char *end = strstr(start + 1, to);
    size_t n = end ? (size_t)(end - start) : strlen(start);
    char *part = test_malloc(n + 1);
    memcpy(part, start, n);
    part[n] = '\0';
    return part;
}

static char *read_doc(void)
{
    FILE *f = fopen(CAIRN_PROTOCOL_DOC, "rb");
    assert_non_null(f);
    static char doc[65536];
    size_t n = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[n] = '\0';
    return doc;
}

static void the_protocols_doc_lists_each_client_type_and_close_code(void **state)
{
    (void)state;
    char *doc = read_doc();
    /* the table of what a client sends, from its header to the blank line after it */
    char *sends = doc_part(doc, "\n| `t` | fields |", "\n\n");
    char row[64];
    size_t rows = 0;
    for (const char *p = sends; (p = strstr(p, "\n| `")); p++)
        rows++;
    for (int t = SRV_MSG_CREATE; t < SRV_MSG_EXPIRE; t++) {
        snprintf(row, sizeof row, "\n| `%s` |", srv_msg_type_name((srv_msg_type)t));
        if (!strstr(sends, row))
            fail_msg("docs/protocol.md does not list %s", srv_msg_type_name((srv_msg_type)t));
    }
    /* a row for each, and the header's (`t`) */
    assert_int_equal(rows, SRV_MSG_EXPIRE - SRV_MSG_CREATE + 1);
    test_free(sends);
    char *closes = doc_part(doc, "## Closes", "\n## ");
    static const int codes[] = {SRV_CLOSE_PROTOCOL, SRV_CLOSE_MALFORMED, SRV_CLOSE_OVERSIZED,
                                SRV_CLOSE_TURN,     SRV_CLOSE_FLOOD,     SRV_CLOSE_TOKEN,
                                SRV_CLOSE_SLOW};
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
        snprintf(row, sizeof row, "\n| %d |", codes[i]);
        if (!strstr(closes, row))
            fail_msg("docs/protocol.md does not list the close %d", codes[i]);
    }
    test_free(closes);
    snprintf(row, sizeof row, "at most %s bytes", "4,096");
    assert_int_equal(SRV_MESSAGE_MAX, 4096);
    assert_non_null(strstr(doc, row));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_writer_puts_commas_between_items_and_none_after_a_key),
        cmocka_unit_test(the_writer_escapes_strings_and_replaces_what_is_not_utf8),
        cmocka_unit_test(the_writer_fails_on_misuse_and_then_writes_nothing),
        cmocka_unit_test(the_writer_keeps_its_memory_across_a_reset),
        cmocka_unit_test(each_type_decodes_its_fields),
        cmocka_unit_test(unknown_fields_and_another_types_fields_are_ignored),
        cmocka_unit_test(a_message_over_4096_bytes_is_oversized),
        cmocka_unit_test(what_is_not_json_is_malformed),
        cmocka_unit_test(strings_with_a_nul_or_bytes_not_utf8_are_malformed),
        cmocka_unit_test(a_key_given_twice_is_malformed_even_escaped),
        cmocka_unit_test(nesting_deeper_than_4_is_malformed),
        cmocka_unit_test(unknown_types_and_expire_from_a_client_are_malformed),
        cmocka_unit_test(fields_of_the_wrong_type_or_range_are_malformed),
        cmocka_unit_test(strings_longer_than_their_field_are_malformed),
        cmocka_unit_test(a_refused_message_leaves_the_struct_empty_but_for_its_type),
        cmocka_unit_test(the_encoder_writes_what_the_decoder_reads_back_the_same),
        cmocka_unit_test(the_encoder_writes_the_fields_in_a_fixed_order),
        cmocka_unit_test(the_protocols_doc_lists_each_client_type_and_close_code),
    };
    return cmocka_run_group_tests_name("server.message", tests, NULL, NULL);
}
