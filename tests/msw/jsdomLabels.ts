import { createRequire } from 'node:module';

/**
 * jsdom finds the control of a `<label for=…>` by walking the whole document from its root, and it
 * finds an input's or a button's labels by asking that of every label on the page: Testing
 * Library's accessible names ask for the labels of every control they name, so a role query on a
 * form page walked the document labels × controls times (about 4 % of a console file's CPU, the
 * single most expensive function of jsdom in its profile). In a document, the element with an id
 * is what jsdom's own id index answers (`getElementById`, kept in tree order as nodes come and go),
 * so the control is looked up there. What the lookup returns is unchanged: the first element with
 * that id, if it is labelable, else none; a label without `for`, or outside a document, is left to
 * jsdom. Applied to jsdom's implementation class (not the page's `HTMLLabelElement`), because its
 * own `labels` lists read the implementation directly.
 */
const require = createRequire(import.meta.url);
const DOCUMENT_NODE = 9;

interface LabelImpl {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): { nodeType: number; getElementById?(id: string): unknown };
}

const { implementation: HTMLLabelElementImpl } = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as { implementation: { prototype: object } };
const { isLabelable } = require('jsdom/lib/jsdom/living/helpers/form-controls.js') as { isLabelable(node: unknown): boolean };
const original = Object.getOwnPropertyDescriptor(HTMLLabelElementImpl.prototype, 'control');

if (original?.get) {
  const walk = original.get;
  Object.defineProperty(HTMLLabelElementImpl.prototype, 'control', {
    configurable: true,
    get(this: LabelImpl) {
      const forValue = this.hasAttributeNS(null, 'for') ? this.getAttributeNS(null, 'for') : null;
      const root = forValue ? this.getRootNode({}) : undefined;
      if (!root || root.nodeType !== DOCUMENT_NODE || !root.getElementById) return walk.call(this);
      const target = root.getElementById(forValue!) ?? null;
      return target && isLabelable(target) ? target : null;
    },
  });
}
