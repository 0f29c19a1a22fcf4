#!/bin/sh
# Hands every mail of the run OUT/latest names to the machine's mail system,
# once: `jobs/send-mail.sh OUT`. bookrec itself never sends anything; run
# this after a successful `bookrec run` (cron: `bookrec run ... && jobs/send-mail.sh OUT`;
# systemd: ExecStartPost=). The run's name is written to OUT/mail-sent after
# its mails went out, so running it again (a rerun, or exit 75 "try again
# later" that left latest as it was) sends nothing twice.
#
# SENDMAIL picks the program (default: sendmail); it gets `-t`, so the
# recipients come from each file's To header. msmtp works the same:
# SENDMAIL=msmtp jobs/send-mail.sh OUT
set -eu
out=${1:?usage: jobs/send-mail.sh OUT}
sendmail=${SENDMAIL:-sendmail}
run=$(basename "$(readlink "$out/latest")")
[ -n "$run" ] || { echo "send-mail: $out/latest names no run" >&2; exit 66; }
if [ -f "$out/mail-sent" ] && [ "$(cat "$out/mail-sent")" = "$run" ]; then
    exit 0
fi
sent=0
for mail in "$out/runs/$run"/mail/*.eml; do
    [ -f "$mail" ] || continue
    "$sendmail" -t < "$mail"
    sent=$((sent + 1))
done
echo "$run" > "$out/mail-sent.tmp" && mv "$out/mail-sent.tmp" "$out/mail-sent"
echo "send-mail: $sent mails of run $run handed to $sendmail" >&2
