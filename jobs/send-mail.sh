#!/bin/sh
# Hands every mail of the run OUT/latest names to the machine's mail system,
# once: `jobs/send-mail.sh OUT`. bookrec itself never sends anything; run
# this after a successful `bookrec run` (cron: `bookrec run ... && jobs/send-mail.sh OUT`;
# systemd: ExecStartPost=). The run's name is written to OUT/mail-sent after
# its mails went out, so running it again (a rerun, or exit 75 "try again
# later" that left latest as it was) sends nothing twice. While it sends, each
# mail handed over is added to OUT/mail-sending (the run's name on its first
# line): when SENDMAIL fails part-way, running it again sends only the rest
# (a mail is sent twice only if the script is killed between handing it over
# and noting it).
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
progress="$out/mail-sending"
if [ ! -f "$progress" ] || [ "$(head -n 1 "$progress")" != "$run" ]; then
    echo "$run" > "$progress"
fi
# The mails already handed over, as /a.eml/b.eml/ (a file name holds no slash).
handed="/$(tail -n +2 "$progress" | tr '\n' /)"
sent=0
for mail in "$out/runs/$run"/mail/*.eml; do
    [ -f "$mail" ] || continue
    name=${mail##*/}
    case "$handed" in *"/$name/"*) continue ;; esac
    "$sendmail" -t < "$mail"
    echo "$name" >> "$progress"
    sent=$((sent + 1))
done
echo "$run" > "$out/mail-sent.tmp" && mv "$out/mail-sent.tmp" "$out/mail-sent"
rm -f "$progress"
echo "send-mail: $sent mails of run $run handed to $sendmail" >&2
