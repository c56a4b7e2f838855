package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * nodes-using's line of names against ibfindnodesusing's own compress_hostlist: each expected line was printed by the
 * script's functions (Debian's infiniband-diags) for the same names, in the same order.
 */
class NodesUsingHostListTest {
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "'';''",
        "h4|h5|h6|h14|h7;' h4-7 h14'",
        "h3|h6|h8|h11;' h3 h6 h8 h11'",
        // A name twice (a host with two ports, or two LIDs) breaks a run where the script's does.
        "h1|h2|h4|h5|h6|h7|h7|h9|h9|h10|h10|h12|h13;' h1-2 h4-7 h7 h9 h9-10 h10 h12-13'",
        "lx01|lx02|lx03|lx05|dev0|dev1|dev21;' dev0-1 dev21 lx01-03 lx05'",
        // Names without a number are their own entries; the script's leading empty name joins a name that is a number.
        "login|login|h1;' h1 login login'",
        "1|2;'-2'",
        "a,b|c;' a b c'",
        "node-01 mlx5_0|node 04 (  n  );' node 04 (  n  ) node-01 mlx5_0'",
        "x10|y9|x9|y11;' x9-10 y9 y11'"})
    void groupsNamesAsIbfindnodesusing(String names, String line) {
        List<String> given = names.isEmpty() ? List.of() : List.of(names.split("\\|"));
        assertThat(NodesUsingCommand.hostList(given)).isEqualTo(line);
    }
}
