package io.reactiveumad.operators;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TidTableTest {

    @Test
    void wrapsAt2To32AndNeverReusesAPendingTid() {
        TidTable<String> table = new TidTable<>(0xFFFF_FFFE);
        assertThat(table.allocate("a")).isEqualTo(0xFFFF_FFFE);
        assertThat(table.allocate("b")).isEqualTo(0xFFFF_FFFF);
        assertThat(table.allocate("c")).as("wraps to 0").isEqualTo(0);
        assertThat(table.get(0xFFFF_FFFE)).isEqualTo("a");
        assertThat(table.size()).isEqualTo(3);
    }

    @Test
    void removeOnlyWhatIsStillTheSameRequest() {
        TidTable<String> table = new TidTable<>(0);
        int tid = table.allocate("first");
        assertThat(table.remove(tid, "other")).isFalse();
        assertThat(table.remove(tid, "first")).isTrue();
        assertThat(table.remove(tid)).isNull();
        assertThat(table.isEmpty()).isTrue();
    }

    @Test
    void drainHandsOverEverything() {
        TidTable<String> table = new TidTable<>(0);
        table.allocate("a");
        table.allocate("b");
        List<String> drained = new ArrayList<>();
        table.drain((tid, p) -> drained.add(p));
        assertThat(drained).containsExactlyInAnyOrder("a", "b");
        assertThat(table.size()).isZero();
    }
}
