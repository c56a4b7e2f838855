package io.reactiveumad.test;

import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.SaHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SA's status codes (IBA 15.2.1.1, in the MAD status's class-specific bits), and what an SA Set or Delete came to: the record the SA answers with, or the status it refuses with (the reason said in
 * the debug log, as OpenSM logs its ERR lines).
 */
record SaOutcome(MadAttribute record, int status) {
    private static final Logger LOG = LoggerFactory.getLogger(SaOutcome.class);
    static final int NO_RESOURCES = SaHeader.STATUS_NO_RESOURCES << MadStatus.CLASS_SPECIFIC_SHIFT;
    static final int REQ_INVALID = SaHeader.STATUS_REQUEST_INVALID << MadStatus.CLASS_SPECIFIC_SHIFT;
    static final int NO_RECORDS = SaHeader.STATUS_NO_RECORDS << MadStatus.CLASS_SPECIFIC_SHIFT;
    static final int TOO_MANY_RECORDS = SaHeader.STATUS_TOO_MANY_RECORDS << MadStatus.CLASS_SPECIFIC_SHIFT;
    static final int INVALID_GID = SaHeader.STATUS_INVALID_GID << MadStatus.CLASS_SPECIFIC_SHIFT;
    static final int INSUFFICIENT_COMPONENTS = SaHeader.STATUS_INSUFFICIENT_COMPONENTS << MadStatus.CLASS_SPECIFIC_SHIFT;

    static SaOutcome answered(MadAttribute record) {
        return new SaOutcome(record, MadStatus.OK);
    }

    static SaOutcome refused(int status, String why, Object... args) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("refused an SA request: " + why, args);
        }
        return new SaOutcome(null, status);
    }
}
