package io.reactiveumad.test;

import io.reactiveumad.test.topology.LinkSpeed;
import io.reactiveumad.test.topology.LinkWidth;

/**
 * IBA's static rate codes (PathRecord and MCMemberRecord Rate), which are not in the order of the rates they stand for:
 * code 3 is 10 Gb/s, code 5 is 5 Gb/s. What an SA compares, steps and checks them by, as OpenSM does.
 */
final class RateCodes {
    /** 10 Gb/s, where the SA has no port to read a rate from. */
    static final int RATE_10_GBPS = 3;

    /** The data rate of each code in Gb/s, by code; 0 where a code stands for none (0, 1 and past 22). */
    private static final double[] GBPS = new double[23];
    /** The codes from the slowest rate to the fastest. */
    private static final int[] ORDERED;

    static {
        double[][] table = {{2, 2.5}, {5, 5}, {3, 10}, {11, 14}, {6, 20}, {15, 25}, {19, 28}, {4, 30}, {7, 40}, {20, 50},
                {12, 56}, {8, 60}, {9, 80}, {16, 100}, {13, 112}, {10, 120}, {14, 168}, {17, 200}, {18, 300}, {21, 400},
                {22, 600}};
        ORDERED = new int[table.length];
        for (int i = 0; i < table.length; i++) {
            ORDERED[i] = (int) table[i][0];
            GBPS[ORDERED[i]] = table[i][1];
        }
    }

    private RateCodes() {
    }

    /** Whether {@code code} stands for a rate. */
    static boolean valid(int code) {
        return code >= 0 && code < GBPS.length && GBPS[code] > 0;
    }

    /** Negative, zero or positive as rate code {@code a} stands for a slower, the same or a faster rate than {@code b}. */
    static int compare(int a, int b) {
        return Double.compare(gbps(a), gbps(b));
    }

    /** The code of the next faster rate, or {@code code} itself where none is faster. */
    static int next(int code) {
        int i = index(code);
        return i < 0 || i == ORDERED.length - 1 ? code : ORDERED[i + 1];
    }

    /** The code of the next slower rate, or {@code code} itself where none is slower. */
    static int previous(int code) {
        int i = index(code);
        return i <= 0 ? code : ORDERED[i - 1];
    }

    /** The code of a link's rate: its lanes times its speed's per lane (FDR10's and QDR's 10 Gb/s counted alike). */
    static int of(LinkWidth width, LinkSpeed speed) {
        return ofGbps(gbps(width, speed));
    }

    /** The code of {@code gbps}, 10 Gb/s's where no code stands for it. */
    static int ofGbps(double gbps) {
        for (int code : ORDERED) {
            if (GBPS[code] == gbps) {
                return code;
            }
        }
        return RATE_10_GBPS;
    }

    /** A link's data rate in Gb/s. */
    static double gbps(LinkWidth width, LinkSpeed speed) {
        double lane = switch (speed) {
            case SDR -> 2.5;
            case DDR -> 5;
            case QDR, FDR10 -> 10;
            case FDR -> 14;
            case EDR -> 25;
            case HDR -> 50;
            case NDR -> 100;
        };
        return lane * width.lanes();
    }

    private static double gbps(int code) {
        return valid(code) ? GBPS[code] : 0;
    }

    /** Where {@code code} stands among the rates, slowest first; -1 for no rate's code. */
    private static int index(int code) {
        for (int i = 0; i < ORDERED.length; i++) {
            if (ORDERED[i] == code) {
                return i;
            }
        }
        return -1;
    }
}
