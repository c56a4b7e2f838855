package io.reactiveumad.examples;

import io.reactiveumad.client.SmpClient;
import io.reactiveumad.client.SmpRoute;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.examples.cli.Declares;
import io.reactiveumad.examples.cli.UsageException;
import io.reactiveumad.examples.cli.Values;
import io.reactiveumad.service.Routes;
import reactor.core.publisher.Mono;

/**
 * How the diag tools name the node a command asks (smpquery, ibaddr, ibportstate): a LID, with -D a directed route
 * from the local port, with -G a port GUID the SA resolves to its LID.
 */
final class NodeTarget implements Declares {
    private final String noun;
    private final String help;
    private final boolean optional;
    private final boolean combinable;
    private String text;
    private boolean directed;
    private boolean guid;
    private boolean combined;

    /**
     * @param noun     what the commands calls it in its flags' help ("target", "node", "port")
     * @param help     the parameter's help
     * @param optional whether it may be left out: {@link #route} then takes the local port, unless the command has a
     *                 default of its own (sminfo's master SM)
     */
    NodeTarget(String noun, String help, boolean optional) {
        this(noun, help, optional, false);
    }

    /** As above; {@code combinable}: with -c the node is a LID and a directed route from it, as smpquery -c takes it. */
    NodeTarget(String noun, String help, boolean optional, boolean combinable) {
        this.noun = noun;
        this.help = help;
        this.optional = optional;
        this.combinable = combinable;
    }

    @Override
    public void declare(Declaration d) {
        Declaration.Builder parameter = d.parameter("LID|PATH|GUID");
        if (combinable) {
            parameter.twoWordsWhen(() -> combined, "with -c a LID and a directed route from it (e.g. 6 0,12)");
            d.flag("-c", "--combined").help("The " + noun + " is two words: a LID, and a directed route from the node "
                    + "there (smpquery -c's combined route, e.g. 6 0,12).").to(() -> combined = true);
        }
        (optional ? parameter.optional() : parameter).help(help).to(Values::text, v -> text = v);
        d.flag("-D", "--Direct", "--directed").help("The " + noun + " is a directed route from the local port.")
                .to(() -> directed = true);
        d.flag("-G", "--Guid", "--guid").help("The " + noun + " is a port GUID, resolved to its LID through the SA.")
                .to(() -> guid = true);
        // ibaddr's own -L (its LIDs only) keeps the name.
        d.flag("-L", "--Lid").unlessTaken().help("The " + noun + " is a LID (the default; as the diag tools' -L).")
                .to(() -> guid = false);
    }

    /** As given on the command line, null when left out. */
    String text() {
        return text;
    }

    /**
     * Refuses -G with -D, either without the node they name, and a LID, route or GUID that does not parse; call it
     * before opening anything, so bad usage costs no port.
     */
    void check() {
        if ((guid ? 1 : 0) + (directed ? 1 : 0) + (combined ? 1 : 0) > 1) {
            throw new UsageException("-G, -D and -c name the " + noun + " in different ways: give one");
        }
        if (text == null && (guid || directed || combined)) {
            throw new UsageException((guid ? "-G" : directed ? "-D" : "-c") + " needs the " + noun + " it names");
        }
        if (combined) {
            combinedRoute();
        } else if (guid) {
            FabricCommand.value("-G", () -> Guids.parse(text));
        } else if (text != null) {
            Routes.target(text, directed);
        }
    }

    /**
     * The route to the node: the local port (the empty route) when none was given; a port GUID is asked of the SA
     * {@code transport} names.
     */
    Mono<SmpRoute> route(SmpClient smp, TransportOptions transport) {
        check();
        if (text == null) {
            return Mono.just(SmpRoute.directed());
        }
        if (guid) {
            return transport.lidOf(smp.port(), Guids.parse(text)).map(SmpRoute::lid);
        }
        return Mono.just(combined ? combinedRoute() : Routes.target(text, directed));
    }

    /** -c's two words: LID-routed to the first, then directed along the second from there. */
    private SmpRoute combinedRoute() {
        int space = text.indexOf(' ');
        int lid = FabricCommand.value("-c's LID", () -> Lids.unicast(text.substring(0, space)));
        SmpRoute path = Routes.target(text.substring(space + 1), true);
        return ((SmpRoute.Directed) path).from(lid);
    }
}
