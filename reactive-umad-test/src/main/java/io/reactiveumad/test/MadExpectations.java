package io.reactiveumad.test;

import io.reactiveumad.ReceivedMad;
import io.reactiveumad.client.NoticeEvent;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.Notice;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * StepVerifier steps for MAD streams and for the {@code Notices} client, in the style of reactor-test:
 * each {@code expect*} returns a consumer for {@code StepVerifier.Step#assertNext} that fails with a
 * message naming what arrived instead; each {@code is*} a predicate for {@code expectNextMatches} or
 * filtering. Plain assertions ({@link AssertionError}): no test library is needed to load this class.
 *
 * <pre>{@code
 * StepVerifier.create(saAgent.receive())
 *     .then(() -> fabric.unlink("host4", 1))
 *     .assertNext(MadExpectations.expectNotice(Notice.TRAP_GID_OUT_OF_SERVICE))
 *     .thenCancel()
 *     .verify();
 * }</pre>
 */
public final class MadExpectations {
    private MadExpectations() {
    }

    /** A SubnAdmReport(Notice) for {@code trapNumber}. */
    public static Consumer<ReceivedMad> expectNotice(int trapNumber) {
        return expectNotice(trapNumber, notice -> { });
    }

    /** A SubnAdmReport(Notice) for {@code trapNumber}, whose notice then passes {@code more}. */
    public static Consumer<ReceivedMad> expectNotice(int trapNumber, Consumer<Notice> more) {
        return received -> {
            Notice notice = notice(received.mad());
            if (notice == null) {
                throw new AssertionError("expected a SubnAdmReport(Notice) for trap " + trapNumber + " but got " + received.mad());
            }
            if (notice.trapNumber() != trapNumber) {
                throw new AssertionError("expected trap " + trapNumber + " but got trap " + notice.trapNumber() + ": " + notice);
            }
            more.accept(notice);
        };
    }

    /** For {@code Notices.watch}: its opening {@link NoticeEvent.Subscribed} (the SA holds the subscriptions). */
    public static Consumer<NoticeEvent> expectSubscribed() {
        return event -> {
            if (!(event instanceof NoticeEvent.Subscribed)) {
                throw new AssertionError("expected Subscribed (the SA holds the subscriptions) but got " + event);
            }
        };
    }

    /** For {@code Notices.watch} or {@code events}: a {@link NoticeEvent.Received} notice of {@code trapNumber}. */
    public static Consumer<NoticeEvent> expectReceived(int trapNumber) {
        return expectReceived(trapNumber, notice -> { });
    }

    /** As {@link #expectReceived(int)}, whose notice then passes {@code more}. */
    public static Consumer<NoticeEvent> expectReceived(int trapNumber, Consumer<Notice> more) {
        Consumer<Notice> trap = expectTrap(trapNumber, more);
        return event -> {
            if (!(event instanceof NoticeEvent.Received received)) {
                throw new AssertionError("expected a notice of trap " + trapNumber + " but got " + event);
            }
            trap.accept(received.notice());
        };
    }

    /** For {@code Notices.notices}: a notice of {@code trapNumber}. */
    public static Consumer<Notice> expectTrap(int trapNumber) {
        return expectTrap(trapNumber, notice -> { });
    }

    /** As {@link #expectTrap(int)}, whose notice then passes {@code more}. */
    public static Consumer<Notice> expectTrap(int trapNumber, Consumer<Notice> more) {
        return notice -> {
            if (notice.trapNumber() != trapNumber) {
                throw new AssertionError("expected trap " + trapNumber + " but got trap " + notice.trapNumber() + ": " + notice);
            }
            more.accept(notice);
        };
    }

    /** True for a SubnAdmReport(Notice) of {@code trapNumber}. */
    public static Predicate<ReceivedMad> isNotice(int trapNumber) {
        return received -> {
            Notice notice = notice(received.mad());
            return notice != null && notice.trapNumber() == trapNumber;
        };
    }

    /** A request (not a response) of this class, method (without the R bit) and attribute. */
    public static Consumer<ReceivedMad> expectRequest(int mgmtClass, int method, int attributeId) {
        return received -> {
            if (!isRequest(mgmtClass, method, attributeId).test(received)) {
                throw new AssertionError(String.format("expected a request class 0x%02x %s attribute 0x%04x but got %s",
                        mgmtClass, Method.name(method), attributeId, received.mad()));
            }
        };
    }

    /** True for a request of this class, method and attribute. */
    public static Predicate<ReceivedMad> isRequest(int mgmtClass, int method, int attributeId) {
        return received -> {
            Mad mad = received.mad();
            return !mad.isResponse() && mad.mgmtClass() == mgmtClass && mad.method() == method
                    && mad.attributeId() == attributeId;
        };
    }

    /** The Notice a SubnAdmReport carries, or null when {@code mad} is not one. */
    public static Notice notice(Mad mad) {
        if (mad.mgmtClass() != MgmtClass.SUBN_ADM || mad.isResponse() || mad.method() != Method.REPORT
                || mad.attributeId() != Notice.ATTRIBUTE_ID || mad.length() < SaHeader.DATA_OFFSET + Notice.SIZE) {
            return null;
        }
        return Notice.decode(mad.buffer(), SaHeader.DATA_OFFSET);
    }
}
