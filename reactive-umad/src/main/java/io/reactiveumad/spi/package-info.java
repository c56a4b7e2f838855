/**
 * The Reactor half of the transport SPI, for transports that have no file descriptor (the embedded fabric,
 * test doubles): {@link io.reactiveumad.spi.SchedulerExecutor} is an event loop over a Reactor
 * {@code Scheduler} (under a {@code VirtualTimeScheduler} the transport runs in virtual time), and
 * {@link io.reactiveumad.spi.LoopScheduler} shows any {@link io.reactiveumad.spi.channel.EventExecutor}
 * as a Reactor {@code Scheduler}. Together with {@link io.reactiveumad.spi.channel} it is everything a
 * transport needs from the core; nothing outside these two packages and the public API is for use by
 * other modules.
 */
package io.reactiveumad.spi;
