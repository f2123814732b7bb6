# Writes the file IN as a C array named NAME (NUL-terminated) into OUT, so that a program
# carries the file (the trace page, the game store's schema) rather than looking for it at
# run time.
#   cmake -DIN=trace.html -DOUT=trace_page.h -DNAME=trace_page -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}" "/* Generated from ${IN} by embed.cmake: edit that file. */\n"
  "static const char ${NAME}[] = {${bytes}0x00};\n")
