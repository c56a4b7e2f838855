package io.reactiveumad.client;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.mad.attr.Notice;

/**
 * Which generic traps a subscription asks the SA for: a trap number, a notice type and a producer type,
 * each either a value or "any". One selector is one InformInfo subscription at the SA.
 *
 * @param trapNumber   the trap number, or {@link InformInfo#ALL}
 * @param type         the notice type (0 fatal … 4 informational), or {@link InformInfo#ALL}
 * @param producerType the producer type (1 CA, 2 switch, 3 router, 4 class manager), or
 *                     {@link InformInfo#ALL_PRODUCERS}
 */
public record TrapSelector(int trapNumber, int type, int producerType) {
    /** Reports reach our QP1; OpenSM compares this on unsubscribe, so it is what we subscribed from. */
    static final int REPORT_QPN = 1;

    public TrapSelector {
        if (trapNumber < 0 || trapNumber > InformInfo.ALL) {
            throw new IllegalArgumentException("trapNumber must be 0..0xFFFF: " + trapNumber);
        }
        if (type < 0 || type > InformInfo.ALL) {
            throw new IllegalArgumentException("type must be 0..0xFFFF: " + type);
        }
        if (producerType < 0 || producerType > InformInfo.ALL_PRODUCERS) {
            throw new IllegalArgumentException("producerType must be 24 bits: " + producerType);
        }
    }

    /** Trap {@code trapNumber} of any type from any producer (e.g. 64 GID in service). */
    public static TrapSelector trap(int trapNumber) {
        return new TrapSelector(trapNumber, InformInfo.ALL, InformInfo.ALL_PRODUCERS);
    }

    /** Every generic trap. */
    public static TrapSelector all() {
        return trap(InformInfo.ALL);
    }

    public TrapSelector withType(int noticeType) {
        return new TrapSelector(trapNumber, noticeType, producerType);
    }

    public TrapSelector withProducer(int producer) {
        return new TrapSelector(trapNumber, type, producer);
    }

    /** Whether the SA would forward {@code notice} for this selector (the IBA matching rules, generic only). */
    public boolean matches(Notice notice) {
        return notice.generic()
                && (trapNumber == InformInfo.ALL || trapNumber == notice.trapNumber())
                && (type == InformInfo.ALL || type == notice.type())
                && (producerType == InformInfo.ALL_PRODUCERS || producerType == notice.producerType());
    }

    /** Whether {@code info} (e.g. from an InformInfoRecord) is this selector's subscription. */
    public boolean isSubscribedBy(InformInfo info) {
        return info.generic() && info.trapNumber() == trapNumber && info.type() == type
                && info.producerType() == producerType;
    }

    /** The InformInfo that subscribes ({@code subscribe} true) or unsubscribes this selector, for any issuer. */
    public InformInfo toInformInfo(boolean subscribe) {
        return new InformInfo(Gid.ZERO, InformInfo.ALL, 0, true, subscribe, type, trapNumber, REPORT_QPN, 0,
                producerType);
    }

    @Override
    public String toString() {
        return "trap " + (trapNumber == InformInfo.ALL ? "*" : Integer.toString(trapNumber))
                + (type == InformInfo.ALL ? "" : " type " + type)
                + (producerType == InformInfo.ALL_PRODUCERS ? "" : " producer " + producerType);
    }
}
