package io.reactiveumad.test;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.spi.channel.EventExecutor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The SA's ServiceRecords: a registration replaces the one with the same ServiceID, ServiceGID and
 * ServiceP_Key, and one with a finite ServiceLease is dropped when the lease runs out unless registered
 * again first (IBA 15.2.5.14), on the fabric's executor, so leases run out in virtual time too.
 * Confined to that executor, like the SA that owns it.
 */
final class ServiceRegistrations {
    /** What identifies a registration. */
    private record Key(long serviceId, Gid serviceGid, int servicePKey) {
        static Key of(ServiceRecord r) {
            return new Key(r.serviceId(), r.serviceGid(), r.servicePKey());
        }
    }

    private record Registration(ServiceRecord record, EventExecutor.Cancellable lease) {
        void cancelLease() {
            if (lease != null) {
                lease.cancel();
            }
        }
    }

    private final EventExecutor executor;
    private final Map<Key, Registration> registrations = new LinkedHashMap<>();

    ServiceRegistrations(EventExecutor executor) {
        this.executor = executor;
    }

    /** Registers {@code record}, replacing the one with its key, its lease counted from now. */
    void register(ServiceRecord record) {
        Key key = Key.of(record);
        EventExecutor.Cancellable lease = null;
        if (record.serviceLease() != ServiceRecord.LEASE_INFINITE) {
            lease = executor.schedule(() -> expire(key, record), record.serviceLease(), TimeUnit.SECONDS);
        }
        Registration previous = registrations.put(key, new Registration(record, lease));
        if (previous != null) {
            previous.cancelLease();
        }
    }

    /** The lease of {@code record} ran out: drops it unless it was registered again since. */
    private void expire(Key key, ServiceRecord record) {
        Registration current = registrations.get(key);
        if (current != null && current.record() == record) {
            registrations.remove(key);
        }
    }

    /** Every registration, in the order they were first made. */
    List<ServiceRecord> all() {
        return registrations.values().stream().map(Registration::record).toList();
    }

    /** Removes {@code records} (some of {@link #all()}). */
    void remove(List<ServiceRecord> records) {
        for (ServiceRecord r : records) {
            Registration gone = registrations.remove(Key.of(r));
            if (gone != null) {
                gone.cancelLease();
            }
        }
    }

    /** Forgets every registration, as a restarted SA does. */
    void clear() {
        registrations.values().forEach(Registration::cancelLease);
        registrations.clear();
    }
}
