package io.reactiveumad.examples.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A field holding options several commands share: its type is made by the command line's factory and its
 * {@link Option} and {@link Parameters} members become the command's own.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Mixin {
}
