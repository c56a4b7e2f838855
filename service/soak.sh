#!/usr/bin/env bash
# The service's soak (not part of the test suite): runs `./umad serve --demo` for DURATION seconds (default
# 3600) with one SSE client reading and one that never reads, and every INTERVAL seconds (default 60) forces
# a full GC (jcmd) and samples the heap that collection left (jvm_gc_live_data_size_bytes: what the old
# generation kept), the heap in use a moment later and the live threads from the service's own /metrics. Prints
# one line per sample, then the verdict: it fails if the heap after GC or the thread count kept growing.
#
#   service/soak.sh                  # an hour
#   DURATION=120 INTERVAL=10 service/soak.sh
#   UMAD="java -jar /tmp/umad.jar" service/soak.sh     # a jar built earlier, so a build here cannot disturb it
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
umad=${UMAD:-$root/umad}
duration=${DURATION:-3600}
interval=${INTERVAL:-60}
port=${PORT:-18099}
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

$umad serve --demo --demo-period 1 --sweep 1 --http-port "$port" >"$work/serve.log" 2>&1 &
serve=$!
pids+=("$serve")
for _ in $(seq 1 600); do
    curl -sf "http://127.0.0.1:$port/api/links" >/dev/null 2>&1 && break
    kill -0 "$serve" 2>/dev/null || { cat "$work/serve.log" >&2; exit 1; }
    sleep 1
done
curl -sN "http://127.0.0.1:$port/events" >"$work/events.txt" 2>/dev/null &
pids+=("$!")
# A browser that stalls: connected, never reading, until the cleanup ends it.
(exec 3<>"/dev/tcp/127.0.0.1/$port"; printf 'GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' >&3; sleep "$(( duration + 2 * interval ))") &
pids+=("$!")

metric() { # name and label filter -> summed value
    # Label values may hold blanks (id="G1 Eden Space"): match the whole line, take its last field.
    curl -sf "http://127.0.0.1:$port/metrics" | awk -v name="$1" -v filter="$2" \
        'index($0, name) == 1 && substr($0, length(name) + 1, 1) ~ /[{ ]/ && index($0, filter) { sum += $NF }
         END { printf "%.0f\n", sum }'
}
sample() {
    jcmd "$serve" GC.run >/dev/null
    local heap used threads clients dropped notices queued
    heap=$(metric jvm_gc_live_data_size_bytes '')
    used=$(metric jvm_memory_used_bytes 'area="heap"')
    threads=$(metric jvm_threads_live_threads '')
    clients=$(metric reactive_umad_service_sse_clients '')
    dropped=$(metric reactive_umad_service_sse_dropped_events_total '')
    notices=$(grep -c '^event: notice' "$work/events.txt" || true)
    # Bytes the kernel holds for the connections (the stalled one's): unread at the client + unsent at the server.
    queued=$(ss -tnH state established "( sport = :$port or dport = :$port )" | awk '{ sum += $1 + $2 } END { print sum + 0 }')
    printf '%6ds  heap after GC %7.1f MiB (in use %5.1f)  threads %3d  SSE clients %d  notices streamed %6d  dropped for the stalled client %7d  socket bytes queued %8d\n' \
        "$1" "$(echo "$heap / 1048576" | bc -l)" "$(echo "$used / 1048576" | bc -l)" "$threads" "$clients" "$notices" "$dropped" "$queued"
    echo "$heap $threads $clients" >>"$work/samples"
}

start=$(date +%s)
sample 0
while (( $(date +%s) - start < duration )); do
    sleep "$interval"
    sample "$(( $(date +%s) - start ))"
done

# Flat: the last third of the samples is no higher than the first third (after the first, warm-up sample)
# by more than 10 % + 4 MiB of heap, or 2 threads. And both SSE clients stay connected throughout: the
# stalled one too (the service once closed it some 8 minutes into its stall, when its keepalive timer failed).
awk '
    BEGIN { n = 0 }
    { if ($3 < 2) left++ }
    NR > 1 { heap[n] = $1; threads[n] = $2; n++ }
    END {
        third = int(n / 3); if (third < 1) third = 1
        for (i = 0; i < third; i++) { h0 += heap[i]; t0 += threads[i]; h1 += heap[n - 1 - i]; t1 += threads[n - 1 - i] }
        h0 /= third; h1 /= third; t0 /= third; t1 /= third
        printf "heap after GC: %.1f -> %.1f MiB; threads: %.1f -> %.1f\n", h0 / 1048576, h1 / 1048576, t0, t1
        if (h1 > h0 * 1.10 + 4 * 1048576 || t1 > t0 + 2) { print "soak: GROWING"; exit 1 }
        if (left) { print "soak: an SSE client was disconnected (" left " sample(s) with fewer than 2)"; exit 1 }
        print "soak: flat"
    }' "$work/samples"
