/*
 * mad_roundtrips: the C side of the side-by-side benchmarks. A plain libibumad client, written the way a
 * C tool would be: it keeps WINDOW requests in flight on one agent, sends a new one for every response,
 * and prints how many round trips per second it completed. The Java twin is
 * benchmarks/src/main/java/io/reactiveumad/bench/MadRoundTrips.java.
 *
 *   mad_roundtrips [-C ca] [-P port] [-w window] [-n count] [-r runs] [-t timeout_ms] LID
 *       SMP Get(NodeInfo), LID-routed to LID (ibsim, InfiniBand).
 *   mad_roundtrips [-C ca] [-P port] [-w window] [-n count] [-r runs] [-t timeout_ms] -g
 *       Get of vendor class 0x30 (OUI 00-14-05) on QP1 with a GRH to the port's own GID 0: RoCE has no
 *       LIDs and no SMA, so `mad_roundtrips -S` on the same port answers them.
 *   mad_roundtrips [-C ca] [-P port] -S
 *       Serves those vendor Gets (GetResp, status 0, same TID) until killed; prints "serving" once registered.
 *
 * One line per run (what the scripts parse): the rate, then this process's CPU time (user + system, from
 * getrusage) and context switches (voluntary + involuntary) per round trip during the run:
 *   c window=8 count=20000 seconds=0.081234 rate=246200 cpu_us=3.1 switches=0.12
 *
 * A response that does not arrive within the timeout ends the run with status 2 (umad2sim has no
 * ETIMEDOUT records, so the client's own poll timeout is what keeps it from hanging).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <infiniband/umad.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAD_SIZE 256
#define SMI_LID_ROUTED 0x01
#define VENDOR_CLASS 0x30
#define METHOD_GET 0x01
#define METHOD_GET_RESP 0x81
#define ATTR_NODE_INFO 0x0011
#define ATTR_VENDOR 0x0010
#define GSI_QKEY 0x80010000
#define HOP_LIMIT 64

static uint8_t vendor_oui[3] = {0x00, 0x14, 0x05};

struct client {
    int portid, agent, lid, timeout_ms;
    int gsi;                    /* vendor Gets to our own GID instead of SMPs to lid */
    uint8_t own_gid[16];
    void *send_buf, *recv_buf;
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* This process's CPU seconds (user + system) and context switches so far. */
static void usage_now(double *cpu_seconds, long *switches) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    *cpu_seconds = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    *switches = ru.ru_nvcsw + ru.ru_nivcsw;
}

static void put_be16(uint8_t *p, uint16_t v) { p[0] = v >> 8; p[1] = v; }
static void put_be32(uint8_t *p, uint32_t v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }
static uint32_t get_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

/* The port's GID 0 from sysfs (on RoCE: link-local, from the netdev's MAC). */
static int read_gid0(const char *ca, int port, uint8_t gid[16]) {
    umad_port_t info;
    if (umad_get_port(ca, port, &info) < 0) {
        return -1;
    }
    char path[256], text[64];
    snprintf(path, sizeof path, "/sys/class/infiniband/%s/ports/%d/gids/0", info.ca_name, info.portnum);
    umad_release_port(&info);
    FILE *f = fopen(path, "r");
    if (!f || !fgets(text, sizeof text, f)) {
        if (f) fclose(f);
        return -1;
    }
    fclose(f);
    text[strcspn(text, "\n")] = 0;
    return inet_pton(AF_INET6, text, gid) == 1 ? 0 : -1;
}

/* Sends one Get: SMP NodeInfo to c->lid, or a vendor Get to our own GID. */
static int send_get(struct client *c, uint32_t tid) {
    uint8_t *mad = umad_get_mad(c->send_buf);
    memset(mad, 0, MAD_SIZE);
    mad[0] = 1;                         /* BaseVersion */
    mad[1] = c->gsi ? VENDOR_CLASS : SMI_LID_ROUTED;
    mad[2] = 1;                         /* ClassVersion */
    mad[3] = METHOD_GET;
    put_be32(mad + 12, tid);            /* TransactionID, low 32 bits (the kernel owns the high ones) */
    put_be16(mad + 16, c->gsi ? ATTR_VENDOR : ATTR_NODE_INFO);
    if (c->gsi) {
        memcpy(mad + 37, vendor_oui, 3); /* vendor range 2: the OUI after the RMPP header and a reserved byte */
        umad_set_addr(c->send_buf, 0, 1, 0, GSI_QKEY);
        ib_mad_addr_t *addr = umad_get_mad_addr(c->send_buf);
        addr->grh_present = 1;
        addr->gid_index = 0;
        addr->hop_limit = HOP_LIMIT;
        memcpy(addr->gid, c->own_gid, 16);
    } else {
        umad_set_addr(c->send_buf, c->lid, 0, 0, 0); /* QP0, SL 0 */
    }
    if (umad_send(c->portid, c->agent, c->send_buf, MAD_SIZE, c->timeout_ms, 0) < 0) {
        fprintf(stderr, "umad_send: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

/* count round trips with window outstanding; TIDs tid_base .. tid_base+count-1. Returns 0 or -1. */
static int run(struct client *c, int window, int count, uint32_t tid_base) {
    /* A response is counted only if it answers a request still outstanding. */
    char *outstanding = calloc(count, 1);
    if (!outstanding) {
        fprintf(stderr, "out of memory\n");
        return -1;
    }
    int sent = 0, done = 0, status = 0;
    double cpu_start, cpu_end;
    long switches_start, switches_end;
    usage_now(&cpu_start, &switches_start);
    double start = now_seconds();
    for (; sent < window && sent < count; sent++) {
        outstanding[sent] = 1;
        if (send_get(c, tid_base + sent) < 0) {
            status = -1;
            goto out;
        }
    }
    while (done < count) {
        int len = MAD_SIZE;
        int rc = umad_recv(c->portid, c->recv_buf, &len, c->timeout_ms);
        if (rc < 0) {
            fprintf(stderr, "umad_recv after %d round trips: %s\n", done, strerror(-rc));
            status = -1;
            goto out;
        }
        if (umad_status(c->recv_buf) != 0) {
            fprintf(stderr, "a request failed: umad status %d\n", umad_status(c->recv_buf));
            status = -1;
            goto out;
        }
        const uint8_t *mad = umad_get_mad(c->recv_buf);
        uint32_t index = get_be32(mad + 12) - tid_base;
        if (mad[3] != METHOD_GET_RESP || index >= (uint32_t)count || !outstanding[index]) {
            continue; /* not one of ours: a stray or a duplicate */
        }
        outstanding[index] = 0;
        done++;
        if (sent < count) {
            outstanding[sent] = 1;
            if (send_get(c, tid_base + sent) < 0) {
                status = -1;
                goto out;
            }
            sent++;
        }
    }
    double seconds = now_seconds() - start;
    usage_now(&cpu_end, &switches_end);
    printf("c window=%d count=%d seconds=%.6f rate=%.0f cpu_us=%.1f switches=%.2f\n", window, done, seconds,
           done / seconds, (cpu_end - cpu_start) * 1e6 / done, (double)(switches_end - switches_start) / done);
    fflush(stdout);
out:
    free(outstanding);
    return status;
}

/* Answers every vendor Get with a GetResp to where it came from, until killed. */
static int serve(int portid) {
    long methods[16 / sizeof(long)] = {0};
    methods[0] = 1L << METHOD_GET;
    int agent = umad_register_oui(portid, VENDOR_CLASS, 0, vendor_oui, methods);
    if (agent < 0) {
        fprintf(stderr, "umad_register_oui(0x%x): %s\n", VENDOR_CLASS, strerror(-agent));
        return 1;
    }
    void *buf = calloc(1, umad_size() + MAD_SIZE);
    if (!buf) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    printf("serving\n");
    fflush(stdout);
    for (;;) {
        int len = MAD_SIZE;
        int rc = umad_recv(portid, buf, &len, -1);
        if (rc < 0) {
            fprintf(stderr, "umad_recv: %s\n", strerror(-rc));
            return 1;
        }
        uint8_t *mad = umad_get_mad(buf);
        if (mad[3] != METHOD_GET) {
            continue;
        }
        mad[3] = METHOD_GET_RESP;
        put_be16(mad + 4, 0);           /* Status */
        ib_mad_addr_t *addr = umad_get_mad_addr(buf);
        addr->qpn = htonl(1);
        addr->qkey = htonl(GSI_QKEY);
        if (umad_send(portid, agent, buf, MAD_SIZE, 0, 0) < 0) {
            fprintf(stderr, "umad_send: %s\n", strerror(errno));
            return 1;
        }
    }
}

static void usage(const char *self) {
    fprintf(stderr, "usage: %s [-C ca] [-P port] [-w window] [-n count] [-r runs] [-t timeout_ms] LID | -g | -S\n", self);
    exit(64);
}

int main(int argc, char **argv) {
    const char *ca = NULL;
    int port = 0, window = 1, count = 20000, runs = 1, serving = 0, opt;
    struct client c = {.timeout_ms = 5000};
    while ((opt = getopt(argc, argv, "C:P:w:n:r:t:gS")) != -1) {
        switch (opt) {
        case 'C': ca = optarg; break;
        case 'P': port = atoi(optarg); break;
        case 'w': window = atoi(optarg); break;
        case 'n': count = atoi(optarg); break;
        case 'r': runs = atoi(optarg); break;
        case 't': c.timeout_ms = atoi(optarg); break;
        case 'g': c.gsi = 1; break;
        case 'S': serving = 1; break;
        default: usage(argv[0]);
        }
    }
    int targets = (optind == argc - 1) + c.gsi + serving;
    if (targets != 1 || optind < argc - 1 || window < 1 || count < 1 || runs < 1) {
        usage(argv[0]);
    }
    if (optind == argc - 1) {
        c.lid = strtol(argv[optind], NULL, 0);
    }

    if (umad_init() < 0) {
        fprintf(stderr, "umad_init failed\n");
        return 1;
    }
    c.portid = umad_open_port(ca, port);
    if (c.portid < 0) {
        fprintf(stderr, "umad_open_port(%s, %d): %s\n", ca ? ca : "(first)", port, strerror(-c.portid));
        return 1;
    }
    if (serving) {
        return serve(c.portid);
    }
    if (c.gsi && read_gid0(ca, port, c.own_gid) < 0) {
        fprintf(stderr, "cannot read the port's GID 0 from sysfs\n");
        return 1;
    }
    c.agent = c.gsi ? umad_register_oui(c.portid, VENDOR_CLASS, 0, vendor_oui, NULL)
                    : umad_register(c.portid, SMI_LID_ROUTED, 1, 0, NULL);
    if (c.agent < 0) {
        fprintf(stderr, "registering the client agent: %s\n", strerror(-c.agent));
        return 1;
    }
    c.send_buf = calloc(1, umad_size() + MAD_SIZE);
    c.recv_buf = calloc(1, umad_size() + MAD_SIZE);
    if (!c.send_buf || !c.recv_buf) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    int status = 0;
    uint32_t tid_base = (uint32_t)getpid() << 8;
    for (int r = 0; r < runs && status == 0; r++, tid_base += count) {
        status = run(&c, window, count, tid_base) < 0 ? 2 : 0;
    }
    umad_unregister(c.portid, c.agent);
    umad_close_port(c.portid);
    umad_done();
    return status;
}
