package io.reactiveumad.client;

import io.reactiveumad.mad.sa.ServiceRecord;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * ServiceRecord registration at the SA: register (SubnAdmSet), unregister (SubnAdmDelete), and a held
 * registration whose lease is renewed before it runs out and which is registered again when an audit
 * finds the SA forgot it (SM restart or move). The ServiceKey travels to the SA and is never logged.
 *
 * <pre>{@code
 * Disposable held = Services.over(SaClient.of(port)).registration(record, Duration.ofSeconds(10)).subscribe();
 * held.dispose();   // unregisters
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

    /** Removes the registration {@code record} names (ServiceID, GID, P_Key); emits what the SA removed. */
    public Mono<ServiceRecord> unregister(ServiceRecord record) {
        Objects.requireNonNull(record, "record");
        return sa.delete(SaClient.SERVICE_RECORD, record, KEY_COMPONENTS).next();
    }

    /** The SA's registrations matching {@code record}'s ServiceID, GID and P_Key. */
    public Flux<ServiceRecord> lookup(ServiceRecord record) {
        return sa.getTable(SaClient.SERVICE_RECORD, record, KEY_COMPONENTS);
    }

    /**
     * A held registration: registers on subscribe and emits the SA's record; then every {@code audit}
     * (and at least twice per finite lease, so the lease never lapses) asks the SA, following a moved SM,
     * and registers again, emitting the record, when the lease is half gone or the SA no longer holds it.
     * A failed renewal is retried at the next tick; only the first registration's failure ends the Flux.
     * Cancelling unregisters.
     */
    public Flux<ServiceRecord> registration(ServiceRecord record, Duration audit) {
        Objects.requireNonNull(record, "record");
        Objects.requireNonNull(audit, "audit");
        if (audit.isNegative() || audit.isZero()) {
            throw new IllegalArgumentException("audit interval must be positive: " + audit);
        }
        boolean leased = record.serviceLease() != ServiceRecord.LEASE_INFINITE;
        Duration tick = leased && Duration.ofSeconds(record.serviceLease()).dividedBy(2).compareTo(audit) < 0
                ? Duration.ofSeconds(Math.max(1, record.serviceLease() / 2)) : audit;
        Mono<ServiceRecord> renew = leased ? register(record)
                : sa.follow().then(lookup(record).next()).hasElement()
                        .flatMap(held -> held ? Mono.<ServiceRecord>empty() : register(record));
        return register(record)
                .flatMapMany(first -> Audits.every(tick, renew, "port " + sa.port().spec() + ": service 0x"
                        + Long.toHexString(record.serviceId()) + " \"" + record.serviceName() + "\"").startWith(first))
                .doOnCancel(() -> unregister(record).onErrorResume(e -> Mono.empty()).subscribe());
    }
}
