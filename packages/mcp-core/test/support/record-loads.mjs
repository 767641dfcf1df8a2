// `node --import <this file>`: records every module URL the process loads (see load-hooks.mjs).
import { register } from "node:module";

register(new URL("./load-hooks.mjs", import.meta.url));
