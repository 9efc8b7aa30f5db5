# many_words.wl - more than 16 bare words on one line (they were written past the parser's
# array: a segfault); scripts/kmusim_smoke.sh checks the message and exit code
# expect-exit: 2
# expect: :5: kernel: more than 16 words that are not key=value
kernel k grid=1 tb=32 cycles=10 host a b c d e f g h i j k l m n o p q r s t
launch k at=0
