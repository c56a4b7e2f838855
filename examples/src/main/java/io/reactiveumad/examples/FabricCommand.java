package io.reactiveumad.examples;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** A command that talks to a fabric: the shared transport options and the command line's writers. */
abstract class FabricCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TransportOptions transport;

    PrintWriter out() {
        return spec.commandLine().getOut();
    }

    PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
