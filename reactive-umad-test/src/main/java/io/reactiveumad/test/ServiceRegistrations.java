package io.reactiveumad.test;

import static io.reactiveumad.test.SubnetAdministrator.has;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.sa.ServiceRecord;
import io.reactiveumad.spi.channel.EventExecutor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The SA's ServiceRecords, by OpenSM's rules (osm_sa_service_record.c): a registration (Set) names ServiceID and
 * ServiceGID, and replaces the one with the same ServiceID, ServiceGID and ServiceP_Key (its RID); without a lease it
 * has an infinite one, and a finite one is dropped when the lease runs out unless registered again first (IBA
 * 15.2.5.14), on the fabric's executor, so leases run out in virtual time too. A Set or Delete naming a ServiceP_Key
 * is refused unless the requester's port, and a unicast ServiceGID's, are in that partition; a Delete removes the
 * record of the request's RID. A query matches the components its mask names, ServiceData slot by slot, and shows a
 * requester only the services of its partitions; the ServiceKey is shown to a trusted requester alone (IBA p923).
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
    private final FabricRecords fabric;
    private final Map<Key, Registration> registrations = new LinkedHashMap<>();

    ServiceRegistrations(EventExecutor executor, FabricRecords fabric) {
        this.executor = executor;
        this.fabric = fabric;
    }

    /**
     * A Set from the port {@code from} (null: none in service): OpenSM's answer, the registration as made, or its
     * refusal.
     */
    SaOutcome register(ServiceRecord q, long mask, FabricRecords.EndPort from, boolean trusted) {
        if (!partitionsAllow(q, mask, from)) {
            return refusedPartition(q, from);
        }
        if (!has(mask, ServiceRecord.Component.SERVICE_ID) || !has(mask, ServiceRecord.Component.SERVICE_GID)) {
            return SaOutcome.refused(SaOutcome.REQ_INVALID, "a registration names ServiceID and ServiceGID (mask 0x{})",
                    Long.toHexString(mask));
        }
        ServiceRecord made = has(mask, ServiceRecord.Component.SERVICE_LEASE) ? q
                : q.withLease(ServiceRecord.LEASE_INFINITE);
        register(made);
        // OpenSM keeps the P_Key as sent and answers the default one where the mask did not name it.
        return SaOutcome.answered(shown(has(mask, ServiceRecord.Component.SERVICE_P_KEY) ? made
                : made.withPKey(PKeyTable.DEFAULT_P_KEY), trusted));
    }

    /** A Delete from the port {@code from}: the registration of the request's RID it removed, or the refusal. */
    SaOutcome delete(ServiceRecord q, long mask, FabricRecords.EndPort from, boolean trusted) {
        if (!partitionsAllow(q, mask, from)) {
            return refusedPartition(q, from);
        }
        Registration gone = registrations.remove(Key.of(q));
        if (gone == null) {
            return SaOutcome.refused(SaOutcome.NO_RECORDS, "no registration of service 0x{} at {} with P_Key 0x{}",
                    Long.toHexString(q.serviceId()), q.serviceGid(), Integer.toHexString(q.servicePKey()));
        }
        gone.cancelLease();
        return SaOutcome.answered(shown(gone.record(), trusted));
    }

    /**
     * The registrations a query from the port {@code from} gets, the last one first made first (OpenSM keeps them in a
     * list it adds new ones at the head of).
     */
    List<ServiceRecord> matching(ServiceRecord q, long mask, FabricRecords.EndPort from, boolean trusted) {
        List<Registration> newestFirst = new ArrayList<>(registrations.values());
        Collections.reverse(newestFirst);
        return newestFirst.stream().map(Registration::record)
                .filter(r -> matches(q, mask, r) && from != null
                        && ((r.servicePKey() & PKeyTable.PARTITION_MASK) == 0 || from.inPartition(r.servicePKey())))
                .map(r -> shown(r, trusted)).toList();
    }

    /**
     * Whether a Set or Delete naming a ServiceP_Key comes from a port of that partition, and names a unicast ServiceGID
     * of a port in it too (OpenSM's validate_sr).
     */
    private boolean partitionsAllow(ServiceRecord q, long mask, FabricRecords.EndPort from) {
        if (from == null) {
            return false;
        }
        if (!has(mask, ServiceRecord.Component.SERVICE_P_KEY)) {
            return true;
        }
        if (!from.inPartition(q.servicePKey())) {
            return false;
        }
        if (!has(mask, ServiceRecord.Component.SERVICE_GID) || q.serviceGid().isMulticast()) {
            return true;
        }
        FabricRecords.EndPort service = fabric.endPort(q.serviceGid().guid());
        return service != null && service.inPartition(q.servicePKey());
    }

    private static SaOutcome refusedPartition(ServiceRecord q, FabricRecords.EndPort from) {
        return SaOutcome.refused(SaOutcome.REQ_INVALID, "service P_Key 0x{} is not in the partitions of {} and {}",
                Integer.toHexString(q.servicePKey()), from == null ? "a port not in service" : from.gid(), q.serviceGid());
    }

    /** Whether registration {@code r} has what query {@code q} names by {@code mask}. */
    private static boolean matches(ServiceRecord q, long mask, ServiceRecord r) {
        if (has(mask, ServiceRecord.Component.SERVICE_ID) && r.serviceId() != q.serviceId()
                || has(mask, ServiceRecord.Component.SERVICE_GID) && !r.serviceGid().equals(q.serviceGid())
                || has(mask, ServiceRecord.Component.SERVICE_P_KEY) && r.servicePKey() != q.servicePKey()
                || has(mask, ServiceRecord.Component.SERVICE_KEY) && !r.serviceKey().equals(q.serviceKey())
                || has(mask, ServiceRecord.Component.SERVICE_NAME) && !r.serviceName().equals(q.serviceName())) {
            return false;
        }
        // ServiceData's slots in order, a component bit each from DATA8_0's: 16 of a byte, 8 of two, 4 of four, 2 of eight.
        int bit = ServiceRecord.Component.DATA8_0;
        int offset = 0;
        for (int size = 1; size <= 8; size *= 2) {
            for (int slot = 0; slot < 16 / size; slot++, bit++, offset += size) {
                for (int i = offset; has(mask, 1L << bit) && i < offset + size; i++) {
                    if (r.serviceData().get(i) != q.serviceData().get(i)) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** {@code r} as a requester is shown it: the ServiceKey to a trusted one alone. */
    private static ServiceRecord shown(ServiceRecord r, boolean trusted) {
        return trusted ? r : r.withKey(Octets.zeros(ServiceRecord.KEY_SIZE));
    }

    /** Registers {@code record}, replacing the one with its key, its lease counted from now. */
    private void register(ServiceRecord record) {
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

    /** Forgets every registration, as a restarted SA does. */
    void clear() {
        registrations.values().forEach(Registration::cancelLease);
        registrations.clear();
    }
}
