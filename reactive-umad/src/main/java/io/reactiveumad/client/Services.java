package io.reactiveumad.client;

import io.reactiveumad.mad.sa.ServiceRecord;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * ServiceRecord registration at the SA: register (SubnAdmSet), unregister (SubnAdmDelete), and a held
 * registration whose lease is renewed before it runs out and which is registered again when an audit
 * finds the SA forgot it (SM restart or move). The ServiceKey travels to the SA and is never logged.
 *
 * <pre>{@code
 * ServiceRecord mine = ServiceRecord.of(0x1000_0000_0000_0001L, port.attributes().gids().get(0), "my.service")
 *         .withLease(60);
 * Disposable held = Services.over(SaClient.of(port)).registration(mine, Duration.ofSeconds(10)).subscribe();
 * held.dispose();   // unregisters (so does the port's close, at the JVM's exit too)
 * }</pre>
 */
public final class Services {
    /** What identifies a registration: ServiceID, ServiceGID and ServiceP_Key. */
    public static final long KEY_COMPONENTS = ServiceRecord.Component.SERVICE_ID
            | ServiceRecord.Component.SERVICE_GID | ServiceRecord.Component.SERVICE_P_KEY;
    /** What a registration sets: the key components, the lease, the ServiceKey and the name. */
    public static final long REGISTER_COMPONENTS = KEY_COMPONENTS | ServiceRecord.Component.SERVICE_LEASE
            | ServiceRecord.Component.SERVICE_KEY | ServiceRecord.Component.SERVICE_NAME;

    private final SaClient sa;

    private Services(SaClient sa) {
        this.sa = sa;
    }

    /** Registrations through {@code sa} (which stays the caller's to dispose). */
    public static Services over(SaClient sa) {
        return new Services(Objects.requireNonNull(sa, "sa"));
    }

    /** Registers {@code record} (or refreshes its lease); emits the SA's record. */
    public Mono<ServiceRecord> register(ServiceRecord record) {
        Objects.requireNonNull(record, "record");
        return sa.set(SaClient.SERVICE_RECORD, record, REGISTER_COMPONENTS);
    }

    /**
     * Removes the registration {@code record} names (ServiceID, GID, P_Key); emits what the SA removed, nothing when
     * the SA has no such registration (its ERR_NO_RECORDS).
     */
    public Mono<ServiceRecord> unregister(ServiceRecord record) {
        Objects.requireNonNull(record, "record");
        return sa.delete(SaClient.SERVICE_RECORD, record, KEY_COMPONENTS).next()
                .onErrorResume(SaClient::isNoRecords, e -> Mono.empty());
    }

    /** The SA's registrations matching {@code record}'s ServiceID, GID and P_Key. */
    public Flux<ServiceRecord> lookup(ServiceRecord record) {
        return sa.getTable(SaClient.SERVICE_RECORD, record, KEY_COMPONENTS);
    }

    /**
     * A held registration: registers on subscribe and emits the SA's record; then every {@code audit} (more often
     * if half a finite lease is shorter) asks the SA, following a moved SM, and registers again, emitting the SA's
     * record, when the SA no longer holds it (an SM restart or move forgets the services) or half the lease has
     * gone since the last registration. A failed audit or renewal is tried again at the next tick; only the first
     * registration's failure ends the Flux. Cancelling unregisters, and so does the port's {@code close()} while it
     * is held (the JVM's exit closes ports that way); a finite lease runs out at the SA even when the process
     * could not say so (killed).
     */
    public Flux<ServiceRecord> registration(ServiceRecord record, Duration audit) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(audit, "audit");
        if (audit.isNegative() || audit.isZero()) {
            throw new IllegalArgumentException("audit interval must be positive: " + audit);
        }
        boolean leased = record.serviceLease() != ServiceRecord.LEASE_INFINITE;
        Duration halfLease = Duration.ofSeconds(Math.max(1, record.serviceLease() / 2));
        Duration tick = leased && halfLease.compareTo(audit) < 0 ? halfLease : audit;
        // Renewed by the clock the ticks run on, not by counting ticks: a slow SA makes ticks drop (Audits.every).
        // Half a tick early, so the tick that falls at half the lease renews rather than the one after it.
        long renewAfterMillis = leased ? halfLease.toMillis() - tick.toMillis() / 2 : Long.MAX_VALUE;
        Scheduler clock = Schedulers.parallel();
        Mono<Boolean> heldAtSa = sa.follow().then(lookup(record).next()).hasElement();
        return Flux.defer(() -> {
            AtomicLong registeredAt = new AtomicLong();
            Mono<ServiceRecord> registered = register(record)
                    .doOnNext(r -> registeredAt.set(clock.now(TimeUnit.MILLISECONDS)));
            String what = "service 0x" + Long.toHexString(record.serviceId()) + " \"" + record.serviceName() + "\"";
            Mono<ServiceRecord> renew = Mono.defer(() -> clock.now(TimeUnit.MILLISECONDS) - registeredAt.get()
                    >= renewAfterMillis ? registered
                    : heldAtSa.flatMap(held -> held ? Mono.<ServiceRecord>empty()
                            : Audits.forgotten(Audits.named(sa, what), "registering it", registered)));
            return Audits.held(sa, registered, tick, renew, unregister(record), what);
        });
    }
}
