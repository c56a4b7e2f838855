package io.reactiveumad.examples;

import io.reactiveumad.client.SaClient;
import io.reactiveumad.client.Services;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.sa.ServiceRecord;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The services registered at the SA (ServiceRecords, as {@code saquery SR} prints them), and this port's own
 * registrations: {@code register} holds one (its lease renewed, registered again after an SM restart, unregistered at
 * exit), {@code unregister} removes one.
 */
final class ServiceCommand extends SaCommand.Query {
    static final CommandInfo INFO = CommandInfo.of(ServiceCommand.class, "service",
            "The services registered at the SA (ServiceRecords, as saquery SR). 'register' and 'unregister' change this "
                    + "port's.")
            .withSubcommands(Register.INFO, Unregister.INFO);

    ServiceCommand(CliContext context) {
        super(context);
    }

    @Override
    Flux<ServiceRecord> query(SaClient sa) {
        return sa.getTable(SaClient.SERVICE_RECORD);
    }

    /** What register and unregister both name: the ServiceID and ServiceP_Key of a registration at this port's GID. */
    static final class Identity implements Declares {
        private long serviceId;
        private int pKey;

        @Override
        public void declare(Declaration d) {
            d.parameter("SERVICE_ID").help("The ServiceID (64 bits, decimal or hex with 0x).")
                    .to(Values::bits64, v -> serviceId = v);
            d.option("--pkey").label("P_KEY").defaultValue("0xffff")
                    .help("The ServiceP_Key, a partition this port is in (default: ${DEFAULT-VALUE}).")
                    .to(Values.upTo(0xFFFF), v -> pKey = v.intValue());
        }

        /** This port's registration of the service, with ServiceGID {@code gid}. */
        ServiceRecord record(Gid gid, String name) {
            return ServiceRecord.of(serviceId, gid, name).withPKey(pKey);
        }
    }

    static final class Register extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(Register.class, "register",
                "Register service SERVICE_ID at this port's GID (SA ServiceRecord Set) and hold it: a line per "
                        + "registration, the lease renewed at its half and the service registered again whenever the "
                        + "SA forgot it (an SM restart or move), until interrupted, which unregisters it. --once "
                        + "registers and exits, leaving the service at the SA until its lease runs out.");
        /** A held registration's lease: short, so a process killed without unregistering leaves it for a minute only. */
        static final long HELD_LEASE_SECONDS = 60;

        private final Identity identity = new Identity();
        private String name = "";
        private Long lease;
        private byte[] key = new byte[ServiceRecord.KEY_SIZE];
        private byte[] data = new byte[ServiceRecord.DATA_SIZE];
        private boolean once;
        private Duration audit;
        private boolean json;

        Register(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            identity.declare(d);
            d.option("--name").label("NAME").help("The ServiceName (up to 64 bytes of UTF-8; default: none).")
                    .to(Register::serviceName, v -> name = v);
            d.option("--lease").label("SECONDS")
                    .help("The ServiceLease in seconds, or 'infinite' (default: " + HELD_LEASE_SECONDS + " while held, "
                            + "infinite with --once).")
                    .to(Register::lease, v -> lease = v);
            d.option("--key").label("HEX")
                    .help("The ServiceKey, 16 bytes in hex (default: zeros); never printed.")
                    .to(text -> bytes(text, ServiceRecord.KEY_SIZE, "ServiceKey"), v -> key = v);
            d.option("--data").label("HEX")
                    .help("The ServiceData, up to 64 bytes in hex, the rest zeros (default: zeros).")
                    .to(text -> bytes(text, ServiceRecord.DATA_SIZE, "ServiceData"), v -> data = v);
            d.flag("--once").help("Register, print the SA's record and exit; the SA keeps the service until its lease "
                    + "runs out, an unregister or an SM restart.")
                    .to(() -> once = true);
            d.option("--audit").label("SECONDS").defaultValue("5")
                    .help("How often a held registration is checked at the SA (default: ${DEFAULT-VALUE}).")
                    .to(Durations::seconds, v -> audit = v);
            d.flag("--json").help("One JSON object per line.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            long leaseSeconds = lease != null ? lease : once ? ServiceRecord.LEASE_INFINITE : HELD_LEASE_SECONDS;
            try (Connection connection = transport.connect(err())) {
                if (!once) {
                    connection.awaitActive(err(), "umad service register");
                }
                SaClient sa = transport.sa(connection);
                try {
                    ServiceRecord record = identity.record(connection.port().attributes().gids().get(0), name)
                            .withLease(leaseSeconds).withKey(Octets.of(key)).withData(Octets.of(data));
                    Services services = Services.over(sa);
                    if (once) {
                        print(await(services.register(record).onErrorMap(explained(record)), "register"), "registered");
                        return 0;
                    }
                    // A failed first registration ends the library's Flux; held here, it is tried again at each audit.
                    Flux<ServiceRecord> held = Connection.whileSaUnreachable(services.registration(record, audit)
                            .onErrorMap(explained(record)), failures -> audit, err(), "umad service register");
                    held.index().doOnNext(r -> print(r.getT2(), r.getT1() == 0 ? "registered" : "renewed")).blockLast();
                    return 0;
                } finally {
                    sa.dispose();
                }
            }
        }

        private static String serviceName(String text) {
            if (text.getBytes(StandardCharsets.UTF_8).length > ServiceRecord.NAME_SIZE) {
                throw new IllegalArgumentException("'" + text + "' is longer than " + ServiceRecord.NAME_SIZE
                        + " bytes of UTF-8");
            }
            return text;
        }

        private static long lease(String text) {
            if (text.strip().equalsIgnoreCase("infinite")) {
                return ServiceRecord.LEASE_INFINITE;
            }
            long seconds;
            try {
                seconds = Values.upTo(ServiceRecord.LEASE_INFINITE - 1).convert(text);
            } catch (IllegalArgumentException notANumberInRange) {
                seconds = 0;
            }
            if (seconds == 0) {
                // 0 is a number in range but a lease that ends at once: one message for every value refused.
                throw new IllegalArgumentException("'" + text + "' is not a lease: give 1 to "
                        + (ServiceRecord.LEASE_INFINITE - 1) + " seconds, or 'infinite'");
            }
            return seconds;
        }

        private static byte[] bytes(String text, int size, String field) {
            String digits = text.strip().replace(":", "");
            digits = digits.regionMatches(true, 0, "0x", 0, 2) ? digits.substring(2) : digits;
            byte[] given;
            try {
                given = HexFormat.of().parseHex(digits);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "' is not " + field + " in hex (two digits a byte)");
            }
            if (given.length > size) {
                throw new IllegalArgumentException("'" + text + "' is " + given.length + " bytes: " + field + " has "
                        + size);
            }
            byte[] padded = new byte[size];
            System.arraycopy(given, 0, padded, 0, given.length);
            return padded;
        }

        private void print(ServiceRecord record, String event) {
            printEvent(json, event, ServiceCommand.json(record), text(record));
        }
    }

    static final class Unregister extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(Unregister.class, "unregister",
                "Unregister service SERVICE_ID at this port's GID (SA ServiceRecord Delete); prints the record the SA "
                        + "removed.");

        private final Identity identity = new Identity();
        private boolean json;

        Unregister(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            identity.declare(d);
            d.flag("--json").help("Print JSON.").to(() -> json = true);
        }

        @Override
        public Integer call() {
            ServiceRecord removed = query(transport::sa, sa -> {
                ServiceRecord asked = identity.record(sa.port().attributes().gids().get(0), "");
                return Services.over(sa).unregister(asked).onErrorMap(explained(asked)).switchIfEmpty(Mono.error(() -> new IllegalStateException(
                        String.format("the SA has no service 0x%016x registered at %s with P_Key 0x%04x",
                                asked.serviceId(), asked.serviceGid(), asked.servicePKey()))));
            }, "unregister");
            out().println(json ? Json.pretty(ServiceCommand.json(removed)) : "unregistered " + text(removed));
            return 0;
        }
    }

    /**
     * The SA's one refusal of a registration or its removal, which alone does not say why: OpenSM refuses
     * ERR_REQ_INVALID a ServiceP_Key that is not a partition of the requester's port (nor of the ServiceGID's).
     */
    private static Function<Throwable, Throwable> explained(ServiceRecord record) {
        return e -> e instanceof MadStatusException refused
                && MadStatus.classSpecific(refused.status()) == SaHeader.STATUS_REQUEST_INVALID
                ? new IllegalStateException(String.format("%s; an SM refuses a ServiceP_Key (here 0x%04x) that is not a "
                        + "partition of this port's", e.getMessage(), record.servicePKey()), e)
                : e;
    }

    /** A registration as one JSON object, as the listing's (`--json`) are; never with its ServiceKey. */
    static Map<String, Object> json(ServiceRecord r) {
        return Fields.of(r);
    }

    static String text(ServiceRecord r) {
        return String.format("ServiceID 0x%016x ServiceGID %s P_Key 0x%04x Lease %s Name \"%s\"", r.serviceId(),
                r.serviceGid(), r.servicePKey(),
                r.serviceLease() == ServiceRecord.LEASE_INFINITE ? "infinite" : r.serviceLease() + " s",
                r.serviceName());
    }
}
