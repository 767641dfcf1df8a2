/**
 * The catalog arrays of a listing-cache entry, validated like its tools: each array is checked
 * item by item with the same checks a live listing gets (`catalog-kinds.ts`); an array with an
 * invalid item, a duplicate or more than `MAX_CATALOG_ITEMS` items reads as absent, never a crash.
 * @module
 */
import type { PagedKind } from "../tools/paged-list.js";
import { MAX_CATALOG_ITEMS, PROMPTS, RESOURCE_TEMPLATES, RESOURCES } from "./catalog-kinds.js";
import type { CatalogListing } from "./list-catalog.js";

function validItems<T>(value: unknown, kind: PagedKind<T>): T[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_CATALOG_ITEMS) return undefined;
  const ids = new Set<string>();
  const items: T[] = [];
  for (const raw of value) {
    const checked = kind.check(raw);
    if ("reason" in checked) return undefined;
    const id = kind.idOf(checked.item);
    if (ids.has(id)) return undefined;
    ids.add(id);
    items.push(checked.item);
  }
  return items;
}

/** The valid catalog arrays of a cache entry (absent ones stay absent). */
export function validCatalog(entry: unknown): Partial<CatalogListing> {
  const cached = (entry ?? {}) as Record<string, unknown>;
  const catalog: Partial<CatalogListing> = {};
  const resources = validItems(cached.resources, RESOURCES);
  if (resources) catalog.resources = resources;
  const templates = validItems(cached.resourceTemplates, RESOURCE_TEMPLATES);
  if (templates) catalog.resourceTemplates = templates;
  const prompts = validItems(cached.prompts, PROMPTS);
  if (prompts) catalog.prompts = prompts;
  return catalog;
}
