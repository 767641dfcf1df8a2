/**
 * The source's event hubs for resource-list changes, resource updates and prompt-list changes,
 * and the sink every server's catalog emits into.
 * @module
 */
import { EventHub } from "../event-hub.js";
import type { PromptsChange, ResourcesChange, ResourceUpdate } from "../types.js";
import type { CatalogEvents } from "./server-catalog.js";

/** The three hubs and the sink that feeds them. */
export interface CatalogHubs {
  resources: EventHub<[string, ResourcesChange]>;
  updates: EventHub<[string, ResourceUpdate]>;
  prompts: EventHub<[string, PromptsChange]>;
  sink: CatalogEvents;
}

/** Hubs whose throwing listeners are reported through `onListenerError`. */
export function createCatalogHubs(onListenerError: (error: unknown) => void): CatalogHubs {
  const resources = new EventHub<[string, ResourcesChange]>(onListenerError);
  const updates = new EventHub<[string, ResourceUpdate]>(onListenerError);
  const prompts = new EventHub<[string, PromptsChange]>(onListenerError);
  return {
    resources,
    updates,
    prompts,
    sink: {
      resourcesChanged: (server, change) => resources.emit(server, change),
      resourceUpdated: (server, update) => updates.emit(server, update),
      promptsChanged: (server, change) => prompts.emit(server, change),
    },
  };
}
