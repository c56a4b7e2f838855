package io.reactiveumad.test;

import io.reactiveumad.spi.channel.AgentRegistration;
import java.util.function.Consumer;

/**
 * A registered agent anywhere in the fabric: a channel's (with its per-channel id) or a built-in
 * sender's. {@code key} is what the fabric writes into TID bits 63..32 of the agent's requests, as the
 * kernel writes its agent's hi_tid, so responses find their way back.
 */
record AgentSlot(int key, FabricNode node, int port, int agentId, AgentRegistration registration,
                 Consumer<Arrival> endpoint) {
}
