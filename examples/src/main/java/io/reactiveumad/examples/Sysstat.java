package io.reactiveumad.examples;

import io.reactiveumad.AgentSpec;
import io.reactiveumad.MadAgent;
import io.reactiveumad.PortClosedException;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.RmppMode;
import io.reactiveumad.mad.Mad;
import io.reactiveumad.mad.MadHeader;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.VendorRange2Header;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * ibsysstat's protocol: Gets of vendor class 0x33 (OpenIB SysStat) under an OUI, whose attribute is the question (ping,
 * host, cpu) and whose answer's data is text. An answer longer than one MAD (the cpu lines of a host with many CPUs)
 * travels by RMPP, as the class allows; both halves do RMPP in user space, so they run on every transport.
 */
final class Sysstat {
    /** IB_VENDOR_OPENIB_SYSSTAT_CLASS: vendor range 2's fourth class. */
    static final int CLASS = 0x33;
    /** ibsysstat takes at most this many CPUs from /proc/cpuinfo (its MAX_CPUS). */
    static final int MAX_CPUS = 256;

    /** What a client asks: ibsysstat's ops and their attributes. */
    enum Operation {
        PING(0x10), HOST(0x11), CPU(0x12);

        final int attribute;

        Operation(int attribute) {
            this.attribute = attribute;
        }

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Operation of(String word) {
            for (Operation op : values()) {
                if (op.word().equals(word)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("'" + word + "' is not ping, host or cpu");
        }
    }

    private Sysstat() {
    }

    /** The agent of either half: a server also receives Gets. */
    static AgentSpec agent(int oui, boolean server) {
        AgentSpec client = AgentSpec.vendor(CLASS, 1, oui).withRmpp(RmppMode.USER);
        return server ? client.withMethods(Method.GET) : client;
    }

    static Mad request(Operation op, int oui) {
        return Mad.build(MadHeader.MAD_SIZE, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(CLASS).classVersion(1).methodByte(Method.GET).attributeId(op.attribute);
            new VendorRange2Header().wrap(b, 0).oui(oui);
        });
    }

    /**
     * Answers every Get {@code agent} receives until the stream ends, as ibsysstat -S: a ping with no data, host with
     * {@code host}, cpu with {@code cpus}; an attribute it does not know with no data either. Emits each Get answered;
     * an answer that could not be sent is told to {@code failed} and serving goes on, unless the port closed.
     */
    static Flux<ReceivedMad> serve(MadAgent agent, Flux<ReceivedMad> gets, String host, String cpus,
                                   Consumer<String> failed) {
        byte[] hostData = host.getBytes(StandardCharsets.UTF_8);
        // The cpu lines go with their NUL, as ibsysstat counts it: what decides whether an answer needs RMPP.
        byte[] cpuText = cpus.getBytes(StandardCharsets.UTF_8);
        byte[] cpuData = Arrays.copyOf(cpuText, cpuText.length + 1);
        return gets.concatMap(get -> {
            int attribute = get.mad().attributeId();
            byte[] data = attribute == Operation.HOST.attribute ? hostData
                    : attribute == Operation.CPU.attribute ? cpuData : new byte[0];
            return agent.respond(get, answer(get.mad(), data)).thenReturn(get)
                    .onErrorResume(e -> !PortClosedException.endsThePort(e), e -> {
                        failed.accept("an answer to " + get.source() + " failed: " + e.getMessage());
                        return Mono.empty();
                    });
        });
    }

    /** The request's header (class, version, attribute, OUI) over {@code data}, zero-padded to a whole MAD at least. */
    static Mad answer(Mad request, byte[] data) {
        int length = Math.max(MadHeader.MAD_SIZE, VendorRange2Header.DATA_OFFSET + data.length);
        return Mad.build(length, b -> {
            new MadHeader().wrap(b, 0).mgmtClass(request.mgmtClass()).classVersion(request.classVersion())
                    .methodByte(request.method()).attributeId(request.attributeId())
                    .attributeModifier(request.attributeModifier());
            new VendorRange2Header().wrap(b, 0).oui(new VendorRange2Header().wrap(request.buffer(), 0).oui());
            b.put(VendorRange2Header.DATA_OFFSET, data);
        });
    }

    /**
     * The cpu answer from {@code /proc/cpuinfo}'s text, as ibsysstat -S words it: a line per processor, {@code cpu N:
     * model M MHZ F}, with M and F as the file has them after the colon (a leading blank included) and {@code (null)}
     * where the file has none (as glibc prints a null string).
     */
    static String cpuLines(String procCpuinfo) {
        List<String[]> cpus = new ArrayList<>();
        for (String line : procCpuinfo.split("\n", -1)) {
            if (line.startsWith("processor\t")) {
                if (cpus.size() == MAX_CPUS) {
                    break;
                }
                cpus.add(new String[2]);
                continue;
            }
            int colon = line.indexOf(':');
            if (cpus.isEmpty() || colon < 0) {
                continue;
            }
            String value = line.substring(colon + 1);
            if (line.startsWith("model name\t")) {
                cpus.get(cpus.size() - 1)[0] = value;
            } else if (line.startsWith("cpu MHz\t")) {
                cpus.get(cpus.size() - 1)[1] = value;
            }
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < cpus.size(); i++) {
            String[] cpu = cpus.get(i);
            out.append("cpu ").append(i).append(": model ").append(cpu[0] == null ? "(null)" : cpu[0])
                    .append(" MHZ ").append(cpu[1] == null ? "(null)" : cpu[1]).append('\n');
        }
        return out.toString();
    }
}
