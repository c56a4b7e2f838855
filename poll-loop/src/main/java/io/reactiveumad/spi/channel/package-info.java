/**
 * The frame-level transport SPI: what a transport implements so the reactive core can run MADs over it.
 * A {@link io.reactiveumad.spi.channel.MadChannel} is one local port (the kernel's umad fd, an ibsim
 * client, a node of the embedded fabric); it sends and receives {@link io.reactiveumad.spi.channel.MadFrame}s
 * on the single thread of its {@link io.reactiveumad.spi.channel.EventExecutor}, registers agents
 * ({@link io.reactiveumad.spi.channel.AgentRegistration}) and reports the port's
 * {@link io.reactiveumad.spi.channel.PortAttributes}. Applications never use a channel: they hand a
 * {@code Transport} to {@code Umad.open} and see only {@code MadPort} and {@code MadAgent}; the one type
 * of this package they meet is {@code PortAttributes}, the snapshot {@code MadPort.attributes()} returns.
 *
 * <p>Plain Java (no Reactor), so the fd transports of the {@code poll-loop} module implement it too.
 */
package io.reactiveumad.spi.channel;
