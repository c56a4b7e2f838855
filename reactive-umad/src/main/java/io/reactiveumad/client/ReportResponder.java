package io.reactiveumad.client;

import io.reactiveumad.MadAgent;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.MalformedMadException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.Notice;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Flux;

/**
 * The Report-serving half of {@link Notices}: answers every SubnAdmReport(Notice) an SA agent receives
 * and emits each distinct one.
 *
 * <p>Every Report is answered with a ReportResp carrying its TID as soon as it is read, whether or not
 * it is delivered (a duplicate, an undecodable notice), so the SA stops resending. A resend — same TID
 * from the same LID to the same subscription round, within the last {@value #REMEMBERED} Reports — is
 * answered again but emitted once. The round is the caller's count of renewals: a renewal follows a new SA
 * (a restart on the same LID included), which numbers its TIDs from the start again, so a Report of its
 * with the TID of one of its predecessor's is news, not a resend. Keyed on LID and TID alone, notices after
 * an OpenSM restart were dropped as resends whenever the new run's TIDs met the old run's.
 */
final class ReportResponder {
    private static final Logger log = LoggerFactory.getLogger(ReportResponder.class);
    /** How many recent Reports are remembered to recognise resends. */
    static final int REMEMBERED = 512;

    private ReportResponder() {
    }

    /**
     * Serves {@code agent}, which must be an SA agent (class 0x03) serving the Report method. The result
     * subscribes to {@link MadAgent#receive()}, so it may have one subscriber at a time.
     */
    static Flux<NoticeEvent.Received> serve(MadAgent agent, IntSupplier round) {
        Objects.requireNonNull(agent, "agent");
        if (agent.spec().mgmtClass() != MgmtClass.SUBN_ADM || !agent.spec().serves(Method.REPORT)) {
            return Flux.error(new IllegalArgumentException("not an SA agent serving Report: " + agent.spec()));
        }
        return Flux.defer(() -> {
            Recent recent = new Recent();
            return agent.receive()
                    .filter(r -> r.mad().method() == Method.REPORT && !r.mad().isResponse())
                    .doOnNext(r -> agent.respond(r, r.mad()).subscribe(null,
                            e -> log.warn("ReportResp for TID 0x{} failed: {}", Long.toHexString(r.mad().tid()),
                                    e.toString())))
                    .filter(r -> recent.firstTime(r.source().lid(), r.mad().tid(), round.getAsInt()))
                    .handle((r, sink) -> {
                        NoticeEvent.Received event = decode(r);
                        if (event != null) {
                            sink.next(event);
                        }
                    });
        });
    }

    private static NoticeEvent.Received decode(ReceivedMad report) {
        if (report.mad().attributeId() != Notice.ATTRIBUTE_ID) {
            log.debug("Report of attribute 0x{} answered, not delivered",
                    Integer.toHexString(report.mad().attributeId()));
            return null;
        }
        try {
            Notice notice = Notice.decode(report.mad().buffer(), SaHeader.DATA_OFFSET);
            return new NoticeEvent.Received(notice, report.source(), report.mad().tid());
        } catch (MalformedMadException e) {
            log.warn("undecodable Notice answered, not delivered: {}", e.getMessage());
            return null;
        }
    }

    /** The last {@link #REMEMBERED} (LID, TID, round) keys; used from one stream only. */
    private static final class Recent extends LinkedHashMap<Recent.Key, Boolean> {
        private static final long serialVersionUID = 1L;

        record Key(int lid, long tid, int round) {
        }

        boolean firstTime(int lid, long tid, int round) {
            return put(new Key(lid, tid, round), Boolean.TRUE) == null;
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Boolean> eldest) {
            return size() > REMEMBERED;
        }
    }
}
