import type { PublicConfigReply } from './account';
import type { Category, Product } from './product';
import type { Review } from './review';

/**
 * The seam between the API process and the web build's server entry (server rendering of the
 * storefront, docs/architecture.md section 19). The server reads the catalogue in-process through
 * the same services and shapes as the API; the entry draws the page from it.
 */

/** The public catalogue as the API serves it, read without HTTP. */
export interface CatalogueSource {
  categories(): Promise<Category[]>;
  /** GET /products with these query parameters: the page and its X-Total-Count */
  products(
    params: Record<string, string | number | boolean | undefined>,
  ): Promise<{ products: Product[]; total: number }>;
  featured(): Promise<Product[]>;
  trending(): Promise<Product[]>;
  /**
   * What a product's page shows: the product as GET /products/{id} gives it, its related items as
   * GET /products/{id}/related, and its first 100 reviews. null: no such product (the page
   * answers 404).
   */
  productPage(id: number): Promise<{ product: Product; related: Product[]; reviews: Review[] } | null>;
  /** GET /config's reply */
  config(): Promise<PublicConfigReply>;
}

/** A storefront page drawn by the server entry. */
export interface RenderedPage {
  status: number;
  /** title, description, canonical, cards, JSON-LD */
  head: string;
  /** the app's HTML, for inside <div id="root"> */
  html: string;
  /** the Query cache the page was drawn from, as a JSON script's text */
  state: string;
  /** the route's module in the client build's manifest (its chunk is preloaded) */
  routeModule: string | null;
  /** the language the page is drawn in (`en` or `sw`), for <html lang> */
  language?: string;
  /**
   * What the page was drawn from (its status and the data it shows, without the times the data
   * was read): two renders of one URL with the same key draw the same page.
   */
  dataKey?: string;
  /**
   * The products the page shows, each with the stock it shows, when a sale of any other product
   * cannot change the page (a product page, a list not filtered by stock, the home page): after
   * a stock-only change elsewhere the page is still current if these stocks are.
   */
  shownStock?: [id: number, stock: number][];
  /**
   * The categories whose new arrivals (products going on sale, and nothing else) can change the
   * page: a product page's related items are drawn from its own categories. A page that gives
   * none is drawn again after any arrival.
   */
  arrivalsIn?: number[];
}

/** The page's data is what it was when `RenderOptions.unchangedFrom` was drawn: nothing was drawn. */
export interface UnchangedPage {
  unchanged: true;
  dataKey: string;
}

export interface RenderOptions {
  /** the `dataKey` of this URL's page drawn before: when the data still gives it, answer UnchangedPage */
  unchangedFrom?: string;
  /** the language to draw the page in (`en` or `sw`; anything else is English) */
  language?: string;
}

/** What the web build's server entry exports. */
export interface StorefrontEntry {
  /** null: not a storefront page (the browser draws it) */
  render(
    url: string,
    source: CatalogueSource,
    appUrl: string,
    options?: RenderOptions,
  ): Promise<RenderedPage | UnchangedPage | null>;
}
