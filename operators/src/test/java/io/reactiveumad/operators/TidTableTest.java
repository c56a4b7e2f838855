package io.reactiveumad.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TidTableTest {

    @Test
    void wrapsAt2To32() {
        TidTable<String> table = new TidTable<>(0xFFFF_FFFE);
        assertThat(table.allocate("a")).isEqualTo(0xFFFF_FFFE);
        assertThat(table.allocate("b")).isEqualTo(0xFFFF_FFFF);
        assertThat(table.allocate("c")).as("wraps to 0").isEqualTo(0);
        assertThat(table.get(0xFFFF_FFFE)).isEqualTo("a");
        assertThat(table.size()).isEqualTo(3);
    }

    @Test
    void afterTheWrapTheCounterSkipsEveryTidStillPending() {
        TidTable<String> table = new TidTable<>(0xFFFF_FFFE);
        int a = table.allocate("a");
        int b = table.allocate("b");
        int c = table.allocate("c");
        table.remove(b);
        // As if 2^32 allocations later: the counter comes round to the TIDs of a and c, still pending.
        table.restartAt(0xFFFF_FFFE);
        assertThat(table.allocate("d")).as("a's TID is skipped, b's was freed").isEqualTo(b);
        assertThat(table.allocate("e")).as("c's TID (0) is skipped").isEqualTo(1);
        assertThat(table.get(a)).isEqualTo("a");
        assertThat(table.get(c)).isEqualTo("c");
        assertThat(table.size()).isEqualTo(4);
    }

    @Test
    void aFullTableRefusesTheNextRequestInsteadOfGrowingOrLooping() {
        TidTable<String> table = new TidTable<>(7, 3);
        table.allocate("a");
        table.allocate("b");
        table.allocate("c");
        assertThatThrownBy(() -> table.allocate("d")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("3 requests are already pending");
        table.remove(8);
        assertThat(table.allocate("d")).as("a freed TID makes room again").isEqualTo(10);
    }

    @Test
    void agreesWithAMapThroughGrowthWrapAndDeletions() {
        TidTable<Integer> table = new TidTable<>(0xFFFF_FF00);
        Map<Integer, Integer> model = new HashMap<>();
        Random random = new Random(42);
        for (int step = 0; step < 200_000; step++) {
            if (model.isEmpty() || random.nextInt(100) < 52) {
                int tid = table.allocate(step);
                assertThat(model.put(tid, step)).as("TID %s was still pending", tid).isNull();
            } else {
                Integer[] tids = model.keySet().toArray(new Integer[0]);
                int tid = tids[random.nextInt(tids.length)];
                assertThat(table.remove(tid)).isEqualTo(model.remove(tid));
            }
            if (step % 997 == 0) {
                for (Map.Entry<Integer, Integer> e : model.entrySet()) {
                    assertThat(table.get(e.getKey())).isEqualTo(e.getValue());
                }
                assertThat(table.size()).isEqualTo(model.size());
            }
        }
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
