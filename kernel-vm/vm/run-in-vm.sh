#!/bin/bash
# Boots the installed Debian kernel under qemu with Soft-RoCE (rxe0, /dev/infiniband/umad0) and runs
# one command inside, chrooted into this machine's root filesystem (shared read-only over virtio-9p),
# so host programs (the JDK, the Maven repository, gcc-built binaries) run unchanged in the VM.
# Prints the command's output (stdout and stderr merged) and exits with its exit status:
# 124 when the wall-clock limit killed the VM, 125 when the VM stopped without running the command.
#
# Usage: run-in-vm.sh [options] [--] command [args...]
#   -t SECONDS   wall-clock limit for the whole VM, boot included (default 600)
#   -C DIR       working directory inside the VM (default: the current one)
#   -e NAME=VAL  environment variable for the command (repeatable); otherwise the environment is
#                PATH, HOME=/tmp, TERM=dumb, LANG=C.UTF-8
#   -w DIR       share host DIR read-write at the same path (repeatable); the host's /tmp is shared
#                read-write too, /run and /dev/shm are private tmpfs, everything else is read-only
#   -o DIR       where build-initramfs.sh puts the boot files (default ../target/vm), built if missing
#   -k           keep the per-run directory (console.log, output, rc, timings) even on success
# One qemu line on stderr reports the exit status, wall time and guest boot phases.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
LIMIT=600 CWD=$PWD OUT=$HERE/../target/vm KEEP=0
ENVS=() RWDIRS=()
while getopts t:C:e:w:o:k opt; do
  case $opt in
    t) LIMIT=$OPTARG ;;
    C) CWD=$OPTARG ;;
    e) ENVS+=("$OPTARG") ;;
    w) RWDIRS+=("$(realpath "$OPTARG")") ;;
    o) OUT=$OPTARG ;;
    k) KEEP=1 ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2; }
command -v qemu-system-x86_64 >/dev/null || { echo "run-in-vm: qemu-system-x86_64 not found" >&2; exit 125; }
"$HERE/build-initramfs.sh" -o "$OUT" >&2 || exit 125
OUT=$(cd "$OUT" && pwd)
KERNEL=$OUT/vmlinux
[ -f "$KERNEL" ] || KERNEL=$OUT/vmlinuz

quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
mkdir -p "$OUT/runs"
RUN=$(mktemp -d "$OUT/runs/run.XXXXXX")
{ printf 'exec'; for arg in "$@"; do printf ' %s' "$(quote "$arg")"; done; echo; } > "$RUN/cmd.sh"
for e in ${ENVS[@]+"${ENVS[@]}"}; do echo "export ${e%%=*}=$(quote "${e#*=}")"; done > "$RUN/env"
printf '%s\n' "$CWD" > "$RUN/cwd"
# security_model=none on the writable shares: files the guest creates belong to whoever runs qemu, and
# ownership changes qemu may not make are ignored (passthrough fails every create when not run as root).
SHARES=(-virtfs "local,path=/,mount_tag=hostroot,security_model=passthrough,readonly=on,multidevs=remap"
        -virtfs "local,path=/tmp,mount_tag=hosttmp,security_model=none,multidevs=remap"
        -virtfs "local,path=$RUN,mount_tag=ctl,security_model=none")
: > "$RUN/rwmounts"
n=0
for dir in ${RWDIRS[@]+"${RWDIRS[@]}"}; do
  SHARES+=(-virtfs "local,path=$dir,mount_tag=rw$n,security_model=none,multidevs=remap")
  echo "rw$n $dir" >> "$RUN/rwmounts"
  n=$((n + 1))
done

# TCG, one vCPU: this machine's KVM cannot run a stock kernel, and with two vCPUs under multi-threaded
# TCG the JVM occasionally crashed in JIT-compiled code.
# The guest clock is the TSC, as on real x86 hardware, so clock_gettime stays in the vDSO (HPET has no vDSO:
# each of the JVM's ~8 clock reads per round trip was a syscall). Under TCG the guest's RDTSC reads the
# host's TSC, so the guest is told the host's rate (tsc_early_khz) instead of calibrating it against
# emulated timers: that calibration, on a loaded host, once made guest time run 25x fast. The kernel's
# one-second refinement against the HPET keeps the given rate unless it agrees within 1 %. tsc=reliable:
# no clocksource watchdog to demote the TSC while the host deschedules qemu. When the host's rate cannot be
# read (dmesg restricted, boot messages rotated away), the emulated HPET, which follows the host's clock.
host_tsc_khz() {
  dmesg 2>/dev/null | sed -n -e 's/.*tsc: Refined TSC clocksource calibration: \([0-9]*\)\.\([0-9]\{3\}\) MHz.*/\1\2/p' \
    -e 's/.*tsc: Detected \([0-9]*\)\.\([0-9]\{3\}\) MHz TSC.*/\1\2/p' \
    -e 's/.*tsc: Detected \([0-9]*\)\.\([0-9]\{3\}\) MHz processor.*/\1\2/p' | tail -n 1
}
TSC_KHZ=$(host_tsc_khz)
if [ -n "$TSC_KHZ" ]; then
  CLOCK="clocksource=tsc tsc=reliable tsc_early_khz=$TSC_KHZ"
else
  CLOCK="clocksource=hpet"
fi
START=$(date +%s.%N)
timeout -s KILL "$LIMIT" qemu-system-x86_64 \
  -accel tcg,thread=multi,tb-size=512 -M q35 -cpu max -smp 1 -m 2048 \
  -nodefaults -no-user-config -display none -monitor none -no-reboot -serial "file:$RUN/console.log" \
  -kernel "$KERNEL" -initrd "$OUT/initramfs.cpio.gz" \
  -append "console=ttyS0 quiet loglevel=3 panic=-1 reboot=t $CLOCK mitigations=off cryptomgr.notests" \
  "${SHARES[@]}" < /dev/null >&2
QEMU_RC=$?
END=$(date +%s.%N)

[ -f "$RUN/output" ] && cat "$RUN/output"
if [ -f "$RUN/rc" ]; then
  RC=$(cat "$RUN/rc")
else
  if [ $QEMU_RC = 137 ]; then RC=124; else RC=125; fi
  echo "run-in-vm: the command did not finish (qemu exit $QEMU_RC, limit ${LIMIT}s); console:" >&2
  tail -n 40 "$RUN/console.log" >&2 2>/dev/null
fi
printf 'run-in-vm: rc=%s wall=%.1fs %s guest:%s run=%s\n' "$RC" "$(awk "BEGIN { print $END - $START }")" "${CLOCK%% *}" \
  "$(cat "$RUN/timings" 2>/dev/null)" "$RUN" >&2
[ $KEEP = 0 ] && [ "$RC" = 0 ] && rm -rf "$RUN"
exit "$RC"
