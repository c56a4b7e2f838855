package io.reactiveumad.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.MadPort;
import io.reactiveumad.PortOptions;
import io.reactiveumad.Umad;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.test.EmbeddedFabric;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.topology.Topology;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * ServiceRecord registration against the embedded SA, in virtual time (installed as Reactor's default so
 * renewal ticks are virtual): register and unregister, a held registration registered again after the SM
 * restarted and unregistered when its port closes, and a leased one renewed at half its lease.
 */
class ServicesOnEmbeddedFabricTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration AUDIT = Duration.ofSeconds(5);

    VirtualTimeScheduler time;
    EmbeddedFabric fabric;
    MadPort port;
    SaClient sa;
    Services services;

    @BeforeEach
    void open() {
        time = VirtualTimeScheduler.getOrSet();
        fabric = EmbeddedFabric.builder(Topology.defaultTopology()).scheduler(time).build();
        port = Umad.open(fabric.transport(), fabric.port("host2", 1), new PortOptions(time)).block(WAIT);
        sa = SaClient.of(port);
        services = Services.over(sa);
    }

    @AfterEach
    void close() {
        sa.dispose();
        port.dispose();
        fabric.close();
        VirtualTimeScheduler.reset();
    }

    private ServiceRecord record(long lease) {
        return ServiceRecord.of(0x1000_0000_0000_abcdL, port.attributes().gids().get(0), "ops.test").withLease(lease);
    }

    private List<ServiceRecord> registered(ServiceRecord r) {
        return services.lookup(r).collectList().block(WAIT);
    }

    @Test
    void registerThenUnregisterThenNothingToUnregister() {
        ServiceRecord r = record(ServiceRecord.LEASE_INFINITE);
        assertThat(services.register(r).block(WAIT).serviceName()).isEqualTo("ops.test");
        assertThat(registered(r)).singleElement().satisfies(s -> assertThat(s.serviceId()).isEqualTo(r.serviceId()));
        assertThat(services.unregister(r).block(WAIT).serviceId()).isEqualTo(r.serviceId());
        assertThat(registered(r)).isEmpty();
        assertThat(services.unregister(r).blockOptional(WAIT)).as("nothing left to remove: empty").isEmpty();
    }

    @Test
    void aHeldRegistrationComesBackAfterAnSmRestartAndGoesOnCancel() {
        ServiceRecord r = record(ServiceRecord.LEASE_INFINITE);
        List<ServiceRecord> registrations = new CopyOnWriteArrayList<>();
        Disposable held = services.registration(r, AUDIT).subscribe(registrations::add);
        await().atMost(WAIT).until(() -> registrations.size() == 1);
        time.advanceTimeBy(AUDIT);
        assertThat(registrations).as("still held: not registered again").hasSize(1);

        fabric.restartSm();
        assertThat(registered(r)).isEmpty();
        time.advanceTimeBy(AUDIT);
        await().atMost(WAIT).until(() -> registrations.size() == 2);
        assertThat(registered(r)).hasSize(1);

        held.dispose();
        await().atMost(WAIT).until(() -> registered(r).isEmpty());
    }

    @Test
    void aLeasedRegistrationIsRenewedAtHalfItsLease() {
        ServiceRecord r = record(6);
        List<ServiceRecord> registrations = new CopyOnWriteArrayList<>();
        Disposable held = services.registration(r, Duration.ofMinutes(1)).subscribe(registrations::add);
        await().atMost(WAIT).until(() -> registrations.size() == 1);
        time.advanceTimeBy(Duration.ofSeconds(3));
        await().atMost(WAIT).until(() -> registrations.size() == 2);
        time.advanceTimeBy(Duration.ofSeconds(3));
        await().atMost(WAIT).until(() -> registrations.size() == 3);
        held.dispose();
    }

    /**
     * The embedded SA keeps leases as OpenSM does (ServicesAfterSmRestartIT shows it there): a registration
     * nobody renews is gone once its lease ran out, and registering again before that counts the lease anew.
     */
    @Test
    void aLeaseNobodyRenewsRunsOutInVirtualTime() {
        ServiceRecord r = record(6);
        services.register(r).block(WAIT);
        time.advanceTimeBy(Duration.ofSeconds(5));
        assertThat(registered(r)).as("within its lease").hasSize(1);
        services.register(r).block(WAIT);
        time.advanceTimeBy(Duration.ofSeconds(5));
        assertThat(registered(r)).as("the second registration counted the lease anew").hasSize(1);
        time.advanceTimeBy(Duration.ofSeconds(1));
        assertThat(registered(r)).as("the lease ran out").isEmpty();

        ServiceRecord forever = record(ServiceRecord.LEASE_INFINITE);
        services.register(forever).block(WAIT);
        time.advanceTimeBy(Duration.ofDays(1));
        assertThat(registered(forever)).as("an infinite lease").hasSize(1);
    }

    /** A held registration whose lease is shorter than its audit stays registered past many leases. */
    @Test
    void aHeldLeasedRegistrationOutlivesItsLease() {
        ServiceRecord r = record(4);
        Disposable held = services.registration(r, Duration.ofMinutes(1)).subscribe();
        await().atMost(WAIT).until(() -> registered(r).size() == 1);
        for (int i = 0; i < 10; i++) {
            time.advanceTimeBy(Duration.ofSeconds(1));
            assertThat(registered(r)).as("after %d s", i + 1).hasSize(1);
        }
        held.dispose();
        await().atMost(WAIT).until(() -> registered(r).isEmpty());
    }

    /**
     * A lease longer than the audit: each audit only asks the SA, the registration is sent again at half the lease,
     * and at once when an audit finds the SA forgot it (an SM restart) instead of half a lease later.
     */
    @Test
    void aLongLeaseIsRenewedAtItsHalfAndRegisteredAgainAtTheFirstAuditAfterAnSmRestart() {
        ServiceRecord r = record(60);
        List<ServiceRecord> registrations = new CopyOnWriteArrayList<>();
        Disposable held = services.registration(r, AUDIT).subscribe(registrations::add);
        await().atMost(WAIT).until(() -> registrations.size() == 1);
        time.advanceTimeBy(Duration.ofSeconds(25));
        assertThat(registrations).as("five audits, each finding it held, well within the lease").hasSize(1);
        time.advanceTimeBy(Duration.ofSeconds(5));
        await().atMost(WAIT).until(() -> registrations.size() == 2);

        fabric.restartSm();
        time.advanceTimeBy(AUDIT);
        await().atMost(WAIT).until(() -> registrations.size() == 3);
        assertThat(registered(r)).hasSize(1);
        held.dispose();
    }

    /**
     * The port's close, as the JVM's exit runs it, unregisters a held registration first: an infinite lease would
     * otherwise stay at the SA after the process that held it is gone.
     */
    @Test
    void aHeldRegistrationIsUnregisteredWhenItsPortCloses() {
        ServiceRecord r = record(ServiceRecord.LEASE_INFINITE);
        List<ServiceRecord> registrations = new CopyOnWriteArrayList<>();
        services.registration(r, AUDIT).subscribe(registrations::add, e -> { });
        await().atMost(WAIT).until(() -> registrations.size() == 1);

        port.close().block(WAIT);
        MadPort other = Umad.open(fabric.transport(), fabric.port("host1", 1), new PortOptions(time)).block(WAIT);
        SaClient otherSa = SaClient.of(other);
        try {
            assertThat(Services.over(otherSa).lookup(r).collectList().block(WAIT)).isEmpty();
        } finally {
            otherSa.dispose();
            other.dispose();
        }
    }

    /**
     * Audits slower than their ticks (the SA silent to lookups, each failing after 3 s while the ticks come every
     * second, so ticks are dropped) still renew a 10 s lease near its half, by the clock: counting the audits that
     * ran, the renewal came after the lease had run out.
     */
    @Test
    void slowAuditsStillRenewALeaseBeforeItRunsOut() {
        ServiceRecord r = record(10);
        Duration tick = Duration.ofSeconds(1);
        List<ServiceRecord> registrations = new CopyOnWriteArrayList<>();
        Disposable held = services.registration(r, tick).subscribe(registrations::add);
        await().atMost(WAIT).until(() -> registrations.size() == 1);

        fabric.faults().drop(1.0, MadMatch.any().mgmtClass(MgmtClass.SUBN_ADM).method(Method.GET_TABLE)
                .attribute(ServiceRecord.ATTRIBUTE_ID));
        for (int second = 1; second <= 9 && registrations.size() < 2; second++) {
            time.advanceTimeBy(tick);
        }
        await().atMost(WAIT).until(() -> registrations.size() == 2);
        time.advanceTimeBy(Duration.ofSeconds(3));
        fabric.faults().clear();
        assertThat(registered(r)).as("renewed before its lease ran out").hasSize(1);
        held.dispose();
    }
}
