package io.reactiveumad.client;

import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.RmppHeader;
import io.reactiveumad.mad.SaHeader;
import java.util.List;

/**
 * The records an SA response carries: how many, where they end, and whether a table may have been cut to the one
 * MAD a sender without RMPP could send (OpenSM under umad2sim). {@link SaClient}'s requests decode through it.
 */
final class SaTables {
    private SaTables() {
    }

    /** A single 256-byte table MAD with RMPP Active but not segmented (no First flag), holding all the records one MAD can. */
    static boolean mayBeCut(Mad response, int records) {
        RmppHeader rmpp = new RmppHeader().wrap(response.buffer());
        int stride = new SaHeader().wrap(response.buffer(), 0).attributeOffset() * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        return response.length() == MadHeader.MAD_SIZE && rmpp.isActive() && !rmpp.isFirst() && stride > 0
                && records == SaHeader.SEGMENT_DATA_SIZE / stride;
    }

    /** A DeleteResp with AttributeOffset 0 carries the one record deleted, as a GetResp does; else a table. */
    static <T> List<T> deleted(AttributeType<T> type, Mad response) {
        if (new SaHeader().wrap(response.buffer(), 0).attributeOffset() == 0) {
            return List.of(Mads.decode(type, response));
        }
        return records(type, response);
    }

    /**
     * The records of a GetTable/Delete response (or a Get's one record), split at AttributeOffset and
     * bounded by what was really sent: the MAD as long as it arrived (a reassembled message, a MAD cut
     * to what its sender wrote, such as OpenSM's answers through ibsim), and within one RMPP First
     * segment its PayloadLength. Only whole records count. A 256-byte MAD that says nothing of its
     * length (no RMPP length, not cut) may be zero-padded, so trailing all-zero records are not returned.
     */
    static <T> List<T> records(AttributeType<T> type, Mad response) {
        Mads.checkAttribute(type, response);
        SaHeader sa = new SaHeader().wrap(response.buffer(), 0);
        int stride = sa.attributeOffset() * SaHeader.ATTRIBUTE_OFFSET_UNIT;
        if (stride == 0) {
            return List.of();
        }
        int dataLength = Math.max(0, dataEnd(response) - SaHeader.DATA_OFFSET);
        if (!knowsItsLength(response)) {
            int count = dataLength / stride;
            while (count > 0 && isZero(response, SaHeader.DATA_OFFSET + (count - 1) * stride, stride)) {
                count--;
            }
            dataLength = count * stride;
        }
        return sa.records(dataLength, type.size(), type.decoder()::decode);
    }

    /** Where SA data ends: the end of the MAD as it arrived, or before it a single RMPP segment's PayloadLength. */
    private static int dataEnd(Mad response) {
        if (response.length() <= MadHeader.MAD_SIZE && announcesItsLength(response)) {
            long payload = new RmppHeader().wrap(response.buffer()).payloadLength();
            return (int) Math.min(response.length(), RmppHeader.END_OFFSET + payload);
        }
        return response.length();
    }

    /** A MAD not of the full 256 bytes (reassembled, or cut to what was sent), or one announcing its length. */
    private static boolean knowsItsLength(Mad response) {
        return response.length() != MadHeader.MAD_SIZE || announcesItsLength(response);
    }

    /** A first RMPP segment with a PayloadLength (a sender without SAR leaves it 0). */
    private static boolean announcesItsLength(Mad response) {
        RmppHeader rmpp = new RmppHeader().wrap(response.buffer());
        return rmpp.isActive() && rmpp.isFirst() && rmpp.payloadLength() > 0;
    }

    private static boolean isZero(Mad response, int offset, int length) {
        for (byte b : response.slice(offset, length)) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }
}
