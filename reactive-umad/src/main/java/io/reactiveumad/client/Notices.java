package io.reactiveumad.client;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.MadPort;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.internal.DefaultMadPort;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.MadTimeoutException;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.Notice;
import io.reactiveumad.mad.sa.InformInfoRecord;
import io.reactiveumad.spi.channel.PortAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.core.publisher.Sinks;

/**
 * Trap subscriptions with the semantics the ib_usa proposal asked for: traps are sent to ports, not
 * processes, so one {@code Notices} per port holds one InformInfo subscription per {@link TrapSelector}
 * and fans the Reports out to every subscriber in the JVM. {@link #of} is the one way in.
 *
 * <pre>{@code
 * Notices.of(port).notices(TrapSelector.trap(64), TrapSelector.trap(65))
 *     .subscribe(n -> System.out.println(n.trapNumber() + " " + n.details()));
 * }</pre>
 *
 * <ul>
 *   <li><b>Reference counted.</b> The first subscriber of a selector sends SubnAdmSet(InformInfo,
 *       Subscribe=1); later ones share it; when the last one cancels, Subscribe=0 is sent (once every
 *       Subscribe=1 under way, renewals included, is answered or failed, so none reaches the SA after it; not
 *       at all if none was answered). Two subscribers cause one Set each way. A
 *       subscriber sees a failed first subscription as the error of its stream.</li>
 *   <li><b>Renewal.</b> While anything is subscribed the port attributes are re-read every
 *       {@link NoticeOptions#pollInterval()}; a new SM LID renews every subscription. Each poll also
 *       audits the SA (its InformInfoRecords for our port GID): a subscription it lost (SM restart) is
 *       renewed, and so is everything when the SA answers with an error, or does not answer at all (its SM
 *       died: a new one will not hold them). {@link #clientReregistered()}
 *       renews on demand. A renewal is an event, {@link NoticeEvent.Resubscribed}; a failed one is
 *       {@link NoticeEvent.SubscriptionFailed} and is retried after
 *       {@link NoticeOptions#renewalRetryDelay growing delays} until it succeeds, or at once when the SA
 *       answers a poll's audit again (the SM is back).</li>
 *   <li><b>Lifetime.</b> The SA agent (class 0x03 serving Report) is registered on first use and kept
 *       until {@link #dispose()} or the port closes, so late Reports are still answered. A port closed
 *       by its user completes every stream; a transport that fails (device removed, simulator gone)
 *       fails them with {@code PortClosedException} caused by what happened. At JVM exit (normal, SIGINT,
 *       SIGTERM) held subscriptions are unsubscribed before the port closes, within a bounded time.</li>
 * </ul>
 *
 * <h2>Delivery guarantee</h2>
 * <ul>
 *   <li><b>The ReportResp is sent when the Report is read</b>, before and whether or not it is
 *       delivered: the SA's retransmission ends there, so from that moment the notice lives only in
 *       this JVM. A Report the port has not read yet is not answered, and the SA resends it.</li>
 *   <li><b>Each notice once, in arrival order,</b> to every subscriber whose selectors match it; a
 *       resend (same TID from the same LID, among the last 512 Reports) is answered again but not
 *       delivered again.</li>
 *   <li><b>A slow subscriber</b> has {@link NoticeOptions#bufferSize()} events buffered (plus the one
 *       in hand); beyond that the oldest are dropped and it gets {@link NoticeEvent.NoticesLost} with
 *       their count just before its next event. Other subscribers are not affected.</li>
 *   <li><b>While the SA does not hold a subscription</b> (after an SM restart, before the audit or a
 *       new SM LID shows it; while a renewal fails) the SA sends nothing for it, and what happened in
 *       that window is not replayed: {@link NoticeEvent.Resubscribed} marks the end of such a gap,
 *       {@link NoticeEvent.SubscriptionFailed} says one is open. Re-read the state the notices are
 *       about (e.g. the SA's records) after either.</li>
 *   <li><b>Lost with the process:</b> notices answered but not yet delivered when the JVM ends.</li>
 * </ul>
 * {@link #notices} shows only the notices; {@link #events} and {@link #watch} show the rest too.
 */
public final class Notices implements Disposable {
    private static final Logger log = LoggerFactory.getLogger(Notices.class);
    private static final Map<MadPort, Notices> PER_PORT = new ConcurrentHashMap<>();

    private final MadPort port;
    private final NoticeOptions options;
    private final LazyAgent agent;
    private final Sinks.Many<NoticeEvent> hub = Sinks.many().multicast().directBestEffort();
    /** Serialises emissions into {@link #hub} from the Report stream and from registrations. */
    private final Object emitLock = new Object();

    // Guarded by this.
    private final Map<TrapSelector, Held> subscriptions = new HashMap<>();
    private Disposable poller;
    private Disposable responder;
    /** Renewals so far: the subscription round the Report stream tells resends apart by (ReportResponder). */
    private final AtomicInteger renewals = new AtomicInteger();
    private int knownSmLid;
    private boolean disposed;
    private final AtomicBoolean followingPort = new AtomicBoolean();

    private Notices(MadPort port, NoticeOptions options) {
        this.port = port;
        this.options = options;
        this.agent = new LazyAgent(port, AgentSpec.server(MgmtClass.SUBN_ADM, SaClient.CLASS_VERSION, Method.REPORT)
                .withRmpp(options.rmpp()));
    }

    /**
     * The port's notices: the ones in use, whatever options they were created with, else new ones with
     * {@link NoticeOptions#defaults()}.
     */
    public static Notices of(MadPort port) {
        return attach(port, NoticeOptions.defaults(), false);
    }

    /**
     * The port's notices with {@code options}: new ones, or the ones in use if they have these options.
     *
     * @throws IllegalStateException if the port's notices are in use with other options (there is one
     *                               subscription per selector and port, so one set of options): dispose
     *                               them first, or ask with {@link #of(MadPort)}
     */
    public static Notices of(MadPort port, NoticeOptions options) {
        return attach(port, options, true);
    }

    private static Notices attach(MadPort port, NoticeOptions options, boolean sameOptions) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(options, "options");
        Notices notices = PER_PORT.computeIfAbsent(port, p -> new Notices(p, options));
        if (sameOptions && !notices.options.equals(options)) {
            throw new IllegalStateException("the notices of port " + port.spec() + " are in use with " + notices.options
                    + ", not " + options + ": dispose them first, or use Notices.of(port) to share them");
        }
        notices.followPort();
        return notices;
    }

    /**
     * Once per instance: forgets it when the port closes (it held the port in {@link #PER_PORT} forever
     * otherwise) and has the port's {@code close()} (also the one at JVM exit) unsubscribe first.
     */
    private void followPort() {
        if (followingPort.compareAndSet(false, true)) {
            if (port instanceof DefaultMadPort p) {
                p.beforeClose(this, "its trap subscriptions", this::release);
            }
            port.onDispose().subscribe(null, null, this::forget);
        }
    }

    private void forget() {
        PER_PORT.remove(port, this);
        if (port instanceof DefaultMadPort p) {
            p.forgetBeforeClose(this);
        }
    }

    /** The notices matching any of {@code selectors}, each once; renewals are not shown. */
    public Flux<Notice> notices(TrapSelector... selectors) {
        return events(selectors).ofType(NoticeEvent.Received.class).map(NoticeEvent.Received::notice);
    }

    /**
     * The notices matching any of {@code selectors} (each delivered once, even if several selectors
     * match), the renewals of those selectors' subscriptions, their failures and this subscriber's
     * losses: {@link #watch} without its opening {@link NoticeEvent.Subscribed}.
     */
    public Flux<NoticeEvent> events(TrapSelector... selectors) {
        return watch(selectors).filter(e -> !(e instanceof NoticeEvent.Subscribed));
    }

    /**
     * {@link NoticeEvent.Subscribed} once the SA holds every selector's subscription, then the notices
     * matching any of {@code selectors} (each delivered once, even if several selectors match), the
     * renewals of those selectors' subscriptions and their failures, and {@link NoticeEvent.NoticesLost}
     * when this subscriber fell behind (see the delivery guarantee above). Subscribing registers the
     * selectors that have no subscriber yet; cancelling releases them.
     */
    public Flux<NoticeEvent> watch(TrapSelector... selectors) {
        List<TrapSelector> wanted = List.of(selectors);
        if (wanted.isEmpty()) {
            throw new IllegalArgumentException("name at least one TrapSelector");
        }
        Flux<NoticeEvent> buffered = Flux.defer(() -> {
            AtomicLong lost = new AtomicLong();
            AtomicBoolean held = new AtomicBoolean();
            Mono<Void> registered = Mono.defer(() -> {
                held.set(true);
                return Mono.when(wanted.stream().map(this::retain).toList());
            });
            return Flux.merge(hub.asFlux().filter(e -> concerns(e, wanted)),
                            registered.thenReturn(new NoticeEvent.Subscribed(wanted)))
                    .doFinally(signal -> {
                        if (held.getAndSet(false)) {
                            wanted.forEach(this::release);
                        }
                    })
                    .onBackpressureBuffer(options.bufferSize(), dropped -> lost.incrementAndGet(),
                            BufferOverflowStrategy.DROP_OLDEST)
                    // One event at a time past the buffer, so it stays the only one; a loss is told in
                    // order, just before the first event the subscriber gets after it.
                    .concatMapIterable(event -> {
                        long count = lost.getAndSet(0);
                        if (count == 0) {
                            return List.of(event);
                        }
                        log.warn("port {}: a slow notice subscriber lost {} event(s)", port.spec(), count);
                        return List.of(new NoticeEvent.NoticesLost(count), event);
                    }, 1);
        });
        return Flux.from(subscriber -> buffered.subscribe(new Isolated<>(Operators.toCoreSubscriber(subscriber), port)));
    }

    /**
     * Keeps one subscriber's fault its own. A subscriber that throws from {@code onNext} breaks the
     * Reactive Streams contract (rule 2.13); were the exception to travel up, it would reach the shared
     * hub and end the Report stream for every subscriber of the port. Instead that subscriber alone is
     * cut off, as the rule allows: its subscription is cancelled (releasing its selectors), it gets no
     * further signal, and the port logs it at WARN. Reactor's own subscribers catch their consumers'
     * exceptions before this point.
     */
    private static final class Isolated<T> implements CoreSubscriber<T>, Subscription {
        private final CoreSubscriber<? super T> actual;
        private final MadPort port;
        private Subscription upstream;
        private volatile boolean cutOff;

        Isolated(CoreSubscriber<? super T> actual, MadPort port) {
            this.actual = actual;
            this.port = port;
        }

        @Override
        public reactor.util.context.Context currentContext() {
            return actual.currentContext();
        }

        @Override
        public void onSubscribe(Subscription s) {
            upstream = s;
            actual.onSubscribe(this);
        }

        @Override
        public void onNext(T t) {
            if (cutOff) {
                return;
            }
            try {
                actual.onNext(t);
            } catch (Throwable e) {
                Exceptions.throwIfJvmFatal(e);
                cutOff = true;
                upstream.cancel();
                log.warn("port {}: a notice subscriber threw from onNext and was cut off (the others go on): {}",
                        port.spec(), e.toString());
            }
        }

        @Override
        public void onError(Throwable t) {
            if (!cutOff) {
                actual.onError(t);
            }
        }

        @Override
        public void onComplete() {
            if (!cutOff) {
                actual.onComplete();
            }
        }

        @Override
        public void request(long n) {
            upstream.request(n);
        }

        @Override
        public void cancel() {
            upstream.cancel();
        }
    }

    /** Renews every subscription now, e.g. when told the SM set PortInfo:ClientReregister. */
    public void clientReregistered() {
        synchronized (this) {
            renew(active(), NoticeEvent.Reason.CLIENT_REREGISTER);
        }
    }

    private static boolean concerns(NoticeEvent event, List<TrapSelector> wanted) {
        if (event instanceof NoticeEvent.Received received) {
            for (TrapSelector s : wanted) {
                if (s.matches(received.notice())) {
                    return true;
                }
            }
            return false;
        }
        if (event instanceof NoticeEvent.Resubscribed renewed) {
            return wanted.contains(renewed.selector());
        }
        return event instanceof NoticeEvent.SubscriptionFailed failed && wanted.contains(failed.selector());
    }

    // ---- reference counting ---------------------------------------------------------------------------

    /** One InformInfo subscription at the SA. Guarded by the enclosing {@code Notices}. */
    private static final class Held {
        final TrapSelector selector;
        int refs;
        /** The latest Set(Subscribe=1), cached; emits the SM LID it was registered at. */
        Mono<Integer> registration;
        /** Bumped by every registration, so an audit only judges registrations older than itself. */
        int generation;
        boolean registered;
        /** Renewals failed in a row; the next retry waits {@link NoticeOptions#renewalRetryDelay} of it. */
        int failures;
        /** The scheduled retry of a failed renewal, else null. */
        Disposable retry;
        /** Why the renewal {@link #retry} tries again was made. */
        NoticeEvent.Reason retryReason;
        /** The last Set(Subscribe=0), which a new registration waits for. */
        Mono<Void> teardown = Mono.empty();
        /**
         * Every Set(Subscribe=1) not yet answered or failed, the overtaken ones too: an SA answering late
         * still processes them, so the Subscribe=0 waits for all of them, not only the latest.
         */
        final List<Mono<Integer>> underWay = new ArrayList<>();
        /** Some Set(Subscribe=1) was answered since the last Subscribe=0: the SA may hold it. */
        boolean mayBeHeld;

        Held(TrapSelector selector) {
            this.selector = selector;
        }
    }

    private synchronized Mono<Integer> retain(TrapSelector selector) {
        if (disposed) {
            return Mono.error(new PortClosedException("notices of " + port.spec() + " were disposed"));
        }
        Held s = subscriptions.computeIfAbsent(selector, Held::new);
        if (s.refs++ == 0) {
            register(s, s.teardown, null);
            startPolling();
        }
        return s.registration;
    }

    private synchronized void release(TrapSelector selector) {
        Held s = subscriptions.get(selector);
        if (s == null || s.refs == 0 || --s.refs > 0) {
            return;
        }
        s.registration = null;
        s.registered = false;
        cancelRetry(s);
        List<Mono<Void>> answers = s.underWay.stream().map(r -> r.then().onErrorResume(e -> Mono.empty())).toList();
        s.teardown = Mono.when(answers)
                .then(Mono.defer(() -> unsubscribeIfHeld(s)))
                .cache();
        s.teardown.subscribe();
        if (active().isEmpty()) {
            stopPolling();
        }
    }

    /**
     * Sends Set(Subscribe=0) for {@code s} once every Subscribe=1 is settled, if one was answered: none was
     * (the first failed), nothing to undo. A closed port has nothing to unsubscribe with: the SA drops what
     * it cannot report to.
     */
    private Mono<Void> unsubscribeIfHeld(Held s) {
        synchronized (this) {
            if (!s.mayBeHeld || port.isDisposed()) {
                return Mono.empty();
            }
            s.mayBeHeld = false;
        }
        return sa().flatMap(sa -> sa.unsubscribe(s.selector))
                .doOnError(e -> {
                    // A port disposed while the Subscribe=0 was under way: the SA drops what it cannot report to.
                    if (PortClosedException.endsThePort(e)) {
                        log.debug("port {}: unsubscribing {} ended with the port: {}", port.spec(), s.selector, e.toString());
                    } else {
                        log.warn("port {}: unsubscribing {} failed: {}", port.spec(), s.selector, e.toString());
                    }
                })
                .onErrorResume(e -> Mono.empty())
                .then();
    }

    /** Guarded: sends Set(Subscribe=1) for {@code s} after {@code after}; a renewal if {@code reason} is set. */
    private void register(Held s, Mono<Void> after, NoticeEvent.Reason reason) {
        int generation = ++s.generation;
        cancelRetry(s);
        Mono<Integer> registration = after
                .then(sa())
                .flatMap(sa -> sa.subscribe(s.selector))
                .map(echo -> port.attributes().smLid())
                .doOnNext(smLid -> onRegistered(s, generation, smLid, reason))
                .cache();
        s.registration = registration;
        s.underWay.add(registration);
        registration.doFinally(signal -> settled(s, registration))
                .subscribe(null, e -> onRegistrationFailed(s, generation, reason, e));
    }

    private synchronized void settled(Held s, Mono<Integer> registration) {
        s.underWay.remove(registration);
    }

    private void onRegistered(Held s, int generation, int smLid, NoticeEvent.Reason reason) {
        int failedBefore;
        synchronized (this) {
            s.mayBeHeld = true;
            if (s.generation != generation || s.refs == 0) {
                return;
            }
            s.registered = true;
            failedBefore = s.failures;
            s.failures = 0;
            knownSmLid = smLid;
        }
        if (failedBefore > 0) {
            log.info("port {}: renewed {} at SM LID {} after {} failed attempt(s)", port.spec(), s.selector, smLid,
                    failedBefore);
        } else {
            log.debug("port {}: subscribed to {} at SM LID {}{}", port.spec(), s.selector, smLid,
                    reason == null ? "" : " (" + reason + ")");
        }
        if (reason != null) {
            emit(new NoticeEvent.Resubscribed(s.selector, reason, smLid));
        }
    }

    /**
     * A first registration's failure reaches its subscribers as the error of their streams. A renewal's
     * is an event, {@link NoticeEvent.SubscriptionFailed}, and is retried after a growing delay until it
     * succeeds or the selector is released.
     */
    private void onRegistrationFailed(Held s, int generation, NoticeEvent.Reason reason, Throwable error) {
        Duration retryIn;
        int failures;
        synchronized (this) {
            if (s.generation != generation || s.refs == 0) {
                return;
            }
            if (reason == null) {
                // Its subscribers get the error itself: a warning as well would say it twice.
                log.debug("port {}: subscribing to {} failed: {}", port.spec(), s.selector, error.toString());
                return;
            }
            failures = ++s.failures;
            retryIn = options.renewalRetryDelay(failures);
            s.retryReason = reason;
            s.retry = Mono.delay(retryIn, port.loopScheduler())
                    .subscribe(tick -> retryRenewal(s, generation, reason), portClosed -> { });
        }
        // Warned once an outage: while the SM stays away every selector fails again at each retry, and a warning each
        // time would bury the log (a long-running service watches six selectors). The end of it is said at INFO.
        if (failures == 1) {
            log.warn("port {}: renewing {} after {} failed, retrying in {} ms and then at growing delays until it "
                    + "succeeds: {}", port.spec(), s.selector, reason, retryIn.toMillis(), error.toString());
        } else {
            log.debug("port {}: renewing {} after {} failed ({} in a row), retrying in {} ms: {}", port.spec(),
                    s.selector, reason, failures, retryIn.toMillis(), error.toString());
        }
        emit(new NoticeEvent.SubscriptionFailed(s.selector, reason, error, retryIn));
    }

    private synchronized void retryRenewal(Held s, int generation, NoticeEvent.Reason reason) {
        if (s.generation == generation && s.refs > 0) {
            register(s, Mono.empty(), reason);
        }
    }

    /**
     * The failed renewals in {@code waiting} tried now, as their timers would later, each unless overtaken since (a
     * timer that fired meanwhile bumped its generation; a released one has no reference left).
     */
    private synchronized void retryNow(Map<Held, Integer> waiting) {
        log.info("port {}: the SA answers again, renewing {} subscription(s) waiting to retry", port.spec(),
                waiting.size());
        waiting.forEach((s, generation) -> retryRenewal(s, generation, s.retryReason));
    }

    /** Guarded. */
    private static void cancelRetry(Held s) {
        if (s.retry != null) {
            s.retry.dispose();
            s.retry = null;
        }
    }

    /** Guarded: the subscriptions someone holds. */
    private List<Held> active() {
        List<Held> out = new ArrayList<>();
        for (Held s : subscriptions.values()) {
            if (s.refs > 0) {
                out.add(s);
            }
        }
        return out;
    }

    /** Guarded. */
    private void renew(List<Held> which, NoticeEvent.Reason reason) {
        // A new subscription round: the SA that sends Reports from here on numbers its TIDs afresh.
        renewals.incrementAndGet();
        for (Held s : which) {
            s.registered = false;
            register(s, Mono.empty(), reason);
        }
    }

    // ---- the SA agent and the Report stream -----------------------------------------------------------

    private Mono<SaClient> sa() {
        return agent.get().doOnNext(this::startResponder).map(SaClient::over);
    }

    private synchronized void startResponder(MadAgent saAgent) {
        if (responder != null || disposed) {
            return;
        }
        responder = ReportResponder.serve(saAgent, renewals::get)
                .subscribe(this::emit, this::responderEnded, () -> responderEnded(null));
    }

    private void emit(NoticeEvent event) {
        synchronized (emitLock) {
            hub.tryEmitNext(event);
        }
    }

    /**
     * The Report stream ended. Closed by the user, the port completes it: so do the notice streams.
     * Failed (the device or simulator went away: {@link PortClosedException} with the cause), every notice
     * stream fails with that typed error, so a watcher never outlives its transport silently. Either
     * way the SA agent is released and the next {@link #of} starts afresh.
     */
    private void responderEnded(Throwable error) {
        if (error != null && !(error instanceof PortClosedException)) {
            log.warn("port {}: the Report stream failed, ending the notices: {}", port.spec(), error.toString());
        }
        forget();
        synchronized (this) {
            disposed = true;
            stopPolling();
        }
        agent.dispose();
        synchronized (emitLock) {
            if (error == null) {
                hub.tryEmitComplete();
            } else {
                hub.tryEmitError(error);
            }
        }
    }

    // ---- watching the SA ------------------------------------------------------------------------------

    /** Guarded. */
    private void startPolling() {
        if (poller == null) {
            poller = Mono.delay(options.pollInterval(), port.loopScheduler())
                    .then(Mono.defer(this::poll))
                    .onErrorResume(e -> {
                        log.debug("port {}: notice poll failed: {}", port.spec(), e.toString());
                        return Mono.empty();
                    })
                    .repeat()
                    .subscribe();
        }
    }

    /** Guarded. */
    private void stopPolling() {
        if (poller != null) {
            poller.dispose();
            poller = null;
        }
    }

    /** One poll: a moved SM renews everything; failed renewals are retried; else the SA is audited. */
    private Mono<Void> poll() {
        return port.refresh().flatMap(now -> {
            synchronized (this) {
                List<Held> active = active();
                if (active.isEmpty()) {
                    return Mono.empty();
                }
                if (knownSmLid != 0 && now.smLid() != 0 && now.smLid() != knownSmLid) {
                    log.info("port {}: SM LID {} -> {}, renewing {} subscription(s)", port.spec(), knownSmLid,
                            now.smLid(), active.size());
                    knownSmLid = now.smLid();
                    renew(active, NoticeEvent.Reason.SM_LID_CHANGED);
                    return Mono.empty();
                }
                if (!options.audit()) {
                    return Mono.empty();
                }
            }
            return audit(now);
        });
    }

    /**
     * Asks the SA which of our subscriptions it holds and renews what it lost. An SA that answers at all is back: a
     * failed renewal waiting out its growing delay (up to a minute) is tried again at once.
     */
    private Mono<Void> audit(PortAttributes now) {
        if (now.gids().isEmpty()) {
            return Mono.empty();
        }
        Gid me = now.gids().get(0);
        Map<Held, Integer> judged = new HashMap<>();
        Map<Held, Integer> waiting = new HashMap<>();
        synchronized (this) {
            for (Held s : active()) {
                if (s.registered) {
                    judged.put(s, s.generation);
                } else if (s.retry != null) {
                    waiting.put(s, s.generation);
                }
            }
        }
        if (judged.isEmpty() && waiting.isEmpty()) {
            return Mono.empty();
        }
        // An answer that may have been cut (OpenSM through ibsim: no RMPP) lists only some of what the SA holds,
        // and none as lost: that audit is left undecided; one after an SM restart that forgot everything is whole.
        return sa().flatMap(sa -> sa.wholeSubscriptions(me))
                .doOnSuccess(answered -> {
                    if (!waiting.isEmpty()) {
                        retryNow(waiting);
                    }
                })
                .map(records -> records.stream().map(InformInfoRecord::informInfo).toList())
                .doOnNext(held -> {
                    synchronized (this) {
                        List<Held> lost = new ArrayList<>();
                        judged.forEach((s, generation) -> {
                            if (s.refs > 0 && s.generation == generation
                                    && held.stream().noneMatch(s.selector::isSubscribedBy)) {
                                lost.add(s);
                            }
                        });
                        if (!lost.isEmpty()) {
                            log.info("port {}: the SA lost {} subscription(s), renewing", port.spec(), lost.size());
                            renew(lost, NoticeEvent.Reason.SUBSCRIPTION_LOST);
                        }
                    }
                })
                .onErrorResume(MadStatusException.class, e -> {
                    synchronized (this) {
                        log.info("port {}: SA audit answered {}, renewing", port.spec(), e.getMessage());
                        renew(active(), NoticeEvent.Reason.SA_ERROR);
                    }
                    return Mono.empty();
                })
                .onErrorResume(MadTimeoutException.class, e -> {
                    synchronized (this) {
                        List<Held> unanswered = new ArrayList<>();
                        judged.forEach((s, generation) -> {
                            if (s.refs > 0 && s.generation == generation) {
                                unanswered.add(s);
                            }
                        });
                        if (!unanswered.isEmpty()) {
                            log.info("port {}: the SA did not answer the audit, renewing {} subscription(s)", port.spec(),
                                    unanswered.size());
                            renew(unanswered, NoticeEvent.Reason.SA_SILENT);
                        }
                    }
                    return Mono.empty();
                })
                .then();
    }

    /** Unsubscribes everything held, completes every stream and releases the SA agent. */
    @Override
    public void dispose() {
        release().subscribe();
    }

    /**
     * {@link #dispose()}, completing once the SA answered the Subscribe=0s (or they failed) and the agent
     * is released: those it sends now and those already under way for streams cancelled just before (a
     * watch inside {@code usingWhen(open, …, MadPort::close)} is cancelled right before the close).
     */
    private Mono<Void> release() {
        List<Mono<Void>> teardowns = new ArrayList<>();
        synchronized (this) {
            if (disposed) {
                return Mono.empty();
            }
            for (Held s : subscriptions.values()) {
                if (s.refs > 0) {
                    s.refs = 1;
                    release(s.selector);
                }
                teardowns.add(s.teardown);
            }
            disposed = true;
            stopPolling();
        }
        forget();
        synchronized (emitLock) {
            hub.tryEmitComplete();
        }
        return Mono.when(teardowns).doFinally(signal -> {
            agent.dispose();
            Disposable r = responder;
            if (r != null) {
                r.dispose();
            }
        }).cache();
    }

    @Override
    public synchronized boolean isDisposed() {
        return disposed;
    }

    @Override
    public String toString() {
        return "Notices(" + port.spec() + ")";
    }
}
