package io.reactiveumad.examples;

import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.attr.TrapDetails;
import io.reactiveumad.service.TrapNames;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * One line per notice (or subscription renewal) for {@code watch} and {@code demo}: human text or a JSON
 * object; the {@link NoticeEvent.Subscribed} opening is the commands' own to report. Port GUIDs are
 * named through {@code names} when the fabric is known (the embedded one), else shown bare.
 */
final class NoticeFormat {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final LongFunction<String> names;

    NoticeFormat(LongFunction<String> names) {
        this.names = names;
    }

    String text(Instant at, NoticeEvent event) {
        if (event instanceof NoticeEvent.Resubscribed again) {
            return String.format("%s  resubscribed %s at SA lid %d "
                    + "(%s)", CLOCK.format(at), again.selector(), again.smLid(),
                    reasonText(again.reason()));
        }
        if (event instanceof NoticeEvent.SubscriptionFailed failed) {
            return String.format("%s  renewing %s failed (%s), retrying in %ss: "
                    + "%s", CLOCK.format(at), failed.selector(),
                    reasonText(failed.reason()), failed.retryIn().toSeconds(), Errors.describe(failed.cause()));
        }
        if (event instanceof NoticeEvent.NoticesLost lost) {
            return String.format("%s  %d notice(s) lost: this watcher fell behind", CLOCK.format(at), lost.count());
        }
        Notice n = ((NoticeEvent.Received) event).notice();
        return String.format("%s  trap %-3d %-19s "
                + "%s", CLOCK.format(at), n.trapNumber(), TrapNames.name(n.trapNumber()), details(n));
    }

    private static String reasonText(NoticeEvent.Reason reason) {
        return reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    Map<String, Object> json(Instant at, NoticeEvent event) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("time", at.toString());
        if (event instanceof NoticeEvent.Resubscribed again) {
            out.put("event", "resubscribed");
            out.put("trap", again.selector().trapNumber());
            out.put("reason", again.reason().name());
            out.put("smLid", again.smLid());
            return out;
        }
        if (event instanceof NoticeEvent.SubscriptionFailed failed) {
            out.put("event", "subscriptionFailed");
            out.put("trap", failed.selector().trapNumber());
            out.put("reason", failed.reason().name());
            out.put("error", Errors.describe(failed.cause()));
            out.put("retryInSeconds", failed.retryIn().toSeconds());
            return out;
        }
        if (event instanceof NoticeEvent.NoticesLost lost) {
            out.put("event", "noticesLost");
            out.put("count", lost.count());
            return out;
        }
        Notice n = ((NoticeEvent.Received) event).notice();
        out.put("event", "notice");
        out.put("trap", n.trapNumber());
        out.put("name", TrapNames.name(n.trapNumber()));
        out.put("type", n.type());
        out.put("producerType", n.producerType());
        out.put("issuerLid", n.issuerLid());
        out.put("issuerGid", n.issuerGid().toString());
        if (n.generic() && !(n.details() instanceof TrapDetails.Raw)) {
            out.put("details", Fields.of((Record) n.details()));
        }
        return out;
    }

    private String details(Notice n) {
        if (!n.generic()) {
            return "vendor notice";
        }
        TrapDetails details = n.details();
        if (details instanceof TrapDetails.GidDetails gid) {
            return "gid " + gid.gid() + named(gid.gid());
        }
        if (details instanceof TrapDetails.LinkStateChange change) {
            return "at switch lid " + change.lid() + named(n.issuerGid());
        }
        if (details instanceof TrapDetails.LocalChanges local) {
            return String.format("at lid %d, change flags "
                    + "0x%x%s", local.lid(), local.changeFlags(), named(n.issuerGid()));
        }
        return "issuer lid " + n.issuerLid();
    }

    private String named(Gid gid) {
        String name = names.apply(gid.guid());
        return name == null ? "" : " (" + name + ")";
    }
}
