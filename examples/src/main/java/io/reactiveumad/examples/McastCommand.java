package io.reactiveumad.examples;

import io.reactiveumad.client.Multicast;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.sa.McMemberRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = McastCommand.NAME, mixinStandardHelpOptions = true,
        description = "The multicast groups and their members as the SA knows them (as saquery -m): one line per "
                + "member, MGID, MLID, port GID and join state.")
final class McastCommand extends FabricCommand {
    /** The subcommand's name, a constant so {@link UmadCli} can pick it without reading annotations. */
    static final String NAME = "mcast";

    @Option(names = "--mgid", paramLabel = "MGID", description = "Only this group (prefix:interface in hex, e.g. "
            + "0xff12401bffff0000:0x00000000ffffffff).")
    String mgid;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Override
    public Integer call() {
        Gid group = mgid == null ? null : Guids.parseGid("--mgid", mgid, false);
        List<McMemberRecord> members = query(SaCommand::client, sa -> {
            Multicast mc = Multicast.over(sa);
            return (group == null ? mc.members() : mc.members(group)).collectList();
        }, "multicast members");
        if (json) {
            List<Map<String, Object>> list = new ArrayList<>();
            for (McMemberRecord m : members) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("mgid", m.mgid().toString());
                entry.put("mlid", String.format("0x%04x", m.mlid()));
                entry.put("portGid", m.portGid().toString());
                entry.put("joinState", m.joinState());
                entry.put("qKey", String.format("0x%08x", m.qKey()));
                entry.put("pKey", String.format("0x%04x", m.pKey()));
                entry.put("sl", m.sl());
                entry.put("mtu", m.mtu());
                entry.put("rate", m.rate());
                entry.put("scope", m.scope());
                list.add(entry);
            }
            out().println(Json.pretty(list));
        } else {
            for (McMemberRecord m : members) {
                out().printf("MGID %s MLID 0x%04x PortGid %s JoinState 0x%x%n", m.mgid(), m.mlid(), m.portGid(),
                        m.joinState());
            }
        }
        if (members.isEmpty()) {
            err().println(spec.qualifiedName() + ": no records");
        }
        return 0;
    }
}
