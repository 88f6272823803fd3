/**
 * Tailwind class conflicts in the web app's sources (issue 33, decision 075). `cn()` is `clsx` only:
 * it joins classes and does not merge them, so no two classes it joins may set the same thing
 * (`px-4` with `px-0`, `shadow-sm` with `shadow-xl`): which one wins would depend on the order of
 * the stylesheet, not on the order of the call. This finds every such pair with tailwind-merge
 * itself (a development dependency; the pages do not load it):
 *
 * - in every `cn(…)`/`clsx(…)`/`cva(…)` call: each argument's possible values (string literals,
 *   both branches of `? :`, `&&`, `||`, `??`, clsx objects and arrays, a file's own constants and
 *   lookup tables, template literals, another `cva` function called with literal options) against
 *   every other argument's, and every variant combination of a `cva` definition;
 * - at every JSX use of a component that joins its `className` prop with `cn(…)` (Button,
 *   LinkButton, Card…, Spinner, …): the `className` the caller gives against the classes the
 *   component puts beside it, for the `variant`/`size` the caller names (all when computed).
 *
 *   node apps/web/scripts/class-conflicts.mjs      prints them (exit 1 when there are any)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import ts from 'typescript';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const JOINERS = new Set(['cn', 'clsx']);
/** More alternatives than this for one expression are cut (none of the app's comes near). */
const MAX_ALTERNATIVES = 256;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const words = (value) => value.split(/\s+/).filter(Boolean);
// Not deduplicated: `p-6 pt-0` then `p-6` again is an override (the second `p-6` drops `pt-0`).
const join = (...values) => values.flatMap(words).join(' ');

/** The classes of `value` that tailwind-merge would drop, or [] when it keeps all. */
export function dropped(value) {
  const kept = new Set(words(twMerge(value)));
  return [...new Set(words(value).filter((word) => !kept.has(word)))];
}

function cross(lists) {
  let result = [''];
  for (const list of lists) {
    const next = [];
    for (const a of result) for (const b of list) next.push(join(a, b));
    result = [...new Set(next)].slice(0, MAX_ALTERNATIVES);
  }
  return result;
}

const propertyName = (name) =>
  ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) ? name.text : undefined;

/** A `cva(base, { variants, defaultVariants, compoundVariants })` definition, read from its source. */
function readCva(call, file) {
  const [baseNode, options] = call.arguments;
  const definition = {
    base: baseNode ? file.alternatives(baseNode) : [''],
    variants: {},
    defaults: {},
    compound: [],
  };
  if (!options || !ts.isObjectLiteralExpression(options)) return definition;
  for (const property of options.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = propertyName(property.name);
    const value = property.initializer;
    if (key === 'variants' && ts.isObjectLiteralExpression(value))
      for (const group of value.properties) {
        if (!ts.isPropertyAssignment(group) || !ts.isObjectLiteralExpression(group.initializer)) continue;
        definition.variants[propertyName(group.name)] = Object.fromEntries(
          group.initializer.properties
            .filter((option) => ts.isPropertyAssignment(option))
            .map((option) => [propertyName(option.name), file.alternatives(option.initializer)]),
        );
      }
    if (key === 'defaultVariants' && ts.isObjectLiteralExpression(value))
      for (const entry of value.properties)
        if (ts.isPropertyAssignment(entry) && ts.isStringLiteralLike(entry.initializer))
          definition.defaults[propertyName(entry.name)] = entry.initializer.text;
    if (key === 'compoundVariants' && ts.isArrayLiteralExpression(value))
      for (const element of value.elements) {
        if (!ts.isObjectLiteralExpression(element)) continue;
        const when = {};
        let classes = [''];
        for (const entry of element.properties) {
          if (!ts.isPropertyAssignment(entry)) continue;
          const name = propertyName(entry.name);
          if (name === 'class' || name === 'className') {
            classes = file.alternatives(entry.initializer);
            continue;
          }
          // A literal, a list of them, or a constant of the file holding one.
          const literals = (node) => {
            let value = node;
            if (ts.isSpreadElement(value)) value = value.expression;
            if (ts.isIdentifier(value)) value = file.constants.get(value.text) ?? value;
            while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
            if (ts.isStringLiteralLike(value)) return [value.text];
            return ts.isArrayLiteralExpression(value) ? value.elements.flatMap(literals) : [];
          };
          when[name] = literals(entry.initializer);
        }
        definition.compound.push({ when, classes });
      }
  }
  return definition;
}

/**
 * Every class string a `cva` function gives for the options named (a group's option name, or
 * undefined for its default, or '*' for any of them): each one a combination.
 */
function cvaCombinations(definition, chosen = {}) {
  let combos = [{ picks: {}, classes: definition.base }];
  for (const [group, options] of Object.entries(definition.variants)) {
    const want = chosen[group] ?? definition.defaults[group];
    const names = want === '*' || want === undefined ? Object.keys(options) : [want];
    combos = combos.flatMap((combo) =>
      names
        .filter((name) => options[name])
        .map((name) => ({
          picks: { ...combo.picks, [group]: name },
          classes: cross([combo.classes, options[name]]),
        })),
    );
  }
  return combos.map(({ picks, classes }) => {
    const extra = definition.compound
      .filter(({ when }) => Object.entries(when).every(([group, values]) => values.includes(picks[group])))
      .map(({ classes: compoundClasses }) => compoundClasses);
    return { picks, parts: [classes, ...extra] };
  });
}

/** One source file: its constants and what each expression can evaluate to. */
class SourceFile {
  constructor(fileName, text, project) {
    this.fileName = fileName;
    this.project = project;
    this.source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    this.constants = new Map();
    const visit = (node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
        this.constants.set(node.name.text, node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(this.source);
  }

  where(node) {
    const { line } = this.source.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(SRC, this.fileName)}:${line + 1}`;
  }

  /** The `cva` definition an identifier names (in this file or, by name, in another). */
  cvaNamed(name) {
    return this.project.cvas.get(name);
  }

  /** The class strings `node` can evaluate to ('' for what is not known here, e.g. a prop). */
  alternatives(node, seen = new Set()) {
    if (seen.has(node)) return [''];
    seen = new Set(seen).add(node);
    const of = (child) => this.alternatives(child, seen);
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isTemplateExpression(node))
      return cross([
        [node.head.text],
        ...node.templateSpans.flatMap((span) => [of(span.expression), [span.literal.text]]),
      ]);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      return of(node.expression);
    if (ts.isConditionalExpression(node)) return [...new Set([...of(node.whenTrue), ...of(node.whenFalse)])];
    if (ts.isBinaryExpression(node)) {
      const kind = node.operatorToken.kind;
      if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return [...new Set([...of(node.right), ''])];
      if (kind === ts.SyntaxKind.BarBarToken || kind === ts.SyntaxKind.QuestionQuestionToken)
        return [...new Set([...of(node.left), ...of(node.right)])];
      if (kind === ts.SyntaxKind.PlusToken) return cross([of(node.left), of(node.right)]);
      return [''];
    }
    if (ts.isArrayLiteralExpression(node)) return cross(node.elements.map(of));
    if (ts.isObjectLiteralExpression(node))
      // clsx's object form: each key is there or not.
      return cross(
        node.properties.map((property) => {
          const name = ts.isPropertyAssignment(property) ? propertyName(property.name) : undefined;
          return name === undefined ? [''] : [name, ''];
        }),
      );
    if (ts.isIdentifier(node)) {
      const value = this.constants.get(node.text);
      if (value) return of(value);
      // A constant another module exports (`controlClasses`), evaluated in its own file.
      const exported = this.project.exports.get(node.text);
      return exported ? exported.file.alternatives(exported.value, seen) : [''];
    }
    if (ts.isElementAccessExpression(node) || ts.isPropertyAccessExpression(node)) {
      // A lookup table: any of its values (or the one a literal key names).
      let table = node.expression;
      while (
        ts.isParenthesizedExpression(table) ||
        ts.isAsExpression(table) ||
        ts.isSatisfiesExpression(table)
      )
        table = table.expression;
      if (ts.isIdentifier(table)) table = this.constants.get(table.text) ?? table;
      while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table))) table = table.expression;
      if (table && ts.isObjectLiteralExpression(table)) {
        const key = ts.isPropertyAccessExpression(node)
          ? node.name.text
          : ts.isStringLiteralLike(node.argumentExpression)
            ? node.argumentExpression.text
            : undefined;
        const entries = table.properties.filter(ts.isPropertyAssignment);
        const picked =
          key === undefined ? entries : entries.filter((entry) => propertyName(entry.name) === key);
        return [...new Set(picked.flatMap((entry) => of(entry.initializer)))].slice(0, MAX_ALTERNATIVES);
      }
      return [''];
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      if (JOINERS.has(callee)) return cross(node.arguments.map(of));
      const definition = this.cvaNamed(callee);
      if (definition) {
        const chosen = {};
        const [options] = node.arguments;
        if (options && ts.isObjectLiteralExpression(options))
          for (const property of options.properties) {
            const name = ts.isShorthandPropertyAssignment(property)
              ? property.name.text
              : propertyName(property.name);
            chosen[name] =
              ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer)
                ? property.initializer.text
                : '*';
          }
        return [...new Set(cvaCombinations(definition, chosen).flatMap(({ parts }) => cross(parts)))];
      }
    }
    return [''];
  }
}

/** The conflicts between the arguments of one joining call: each argument against every other. */
function argumentConflicts(lists, where, found) {
  for (const [index, list] of lists.entries()) {
    for (const value of list) {
      const lost = dropped(value);
      if (lost.length) found.push(`${where}: "${join(value)}" drops ${lost.join(' ')}`);
    }
    for (const other of lists.slice(index + 1))
      for (const a of list)
        for (const b of other) {
          const lost = dropped(join(a, b));
          if (lost.length) found.push(`${where}: "${join(a)}" + "${join(b)}" drops ${lost.join(' ')}`);
        }
  }
}

/**
 * The conflicts in `files` (a map of file name to source text; the app's sources by default),
 * each as "file:line: what drops what". Empty when `cn` can be `clsx` alone.
 */
export function classConflicts(files = sourceFileMap()) {
  const project = { cvas: new Map(), components: new Map(), exports: new Map() };
  const sources = [...files].map(([name, text]) => new SourceFile(name, text, project));
  for (const file of sources)
    for (const statement of file.source.statements)
      if (
        ts.isVariableStatement(statement) &&
        statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      )
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name) && declaration.initializer)
            project.exports.set(declaration.name.text, { file, value: declaration.initializer });
  const found = [];

  // The cva definitions, by the name they are bound to.
  const cvaCalls = [];
  for (const file of sources) {
    const visit = (node) => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        ts.isCallExpression(node.initializer) &&
        ts.isIdentifier(node.initializer.expression) &&
        node.initializer.expression.text === 'cva'
      )
        cvaCalls.push([file, node.name.text, node.initializer]);
      ts.forEachChild(node, visit);
    };
    visit(file.source);
  }
  for (const [file, name, call] of cvaCalls) project.cvas.set(name, readCva(call, file));
  for (const [file, name, call] of cvaCalls)
    for (const { picks, parts } of cvaCombinations(
      project.cvas.get(name),
      Object.fromEntries(Object.keys(project.cvas.get(name).variants).map((group) => [group, '*'])),
    ))
      argumentConflicts(parts, `${file.where(call)} ${name}(${JSON.stringify(picks)})`, found);

  // Components that join their className prop: the other arguments, by component name; what the
  // component puts beside a caller's className, for the props (variant, size…) the caller names.
  const ownClasses = (file, own) => (chosen) =>
    cross(
      own.map((arg) => {
        if (
          ts.isCallExpression(arg) &&
          ts.isIdentifier(arg.expression) &&
          project.cvas.has(arg.expression.text)
        ) {
          const definition = project.cvas.get(arg.expression.text);
          const picks = Object.fromEntries(
            Object.keys(definition.variants).map((group) => [group, chosen[group]]),
          );
          return [...new Set(cvaCombinations(definition, picks).flatMap(({ parts }) => cross(parts)))];
        }
        return file.alternatives(arg);
      }),
    );
  const componentName = (node) =>
    (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) &&
    node.name &&
    ts.isIdentifier(node.name) &&
    /^[A-Z]/.test(node.name.text)
      ? node.name.text
      : undefined;
  for (const file of sources) {
    const visit = (node, component) => {
      component = componentName(node) ?? component;
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        JOINERS.has(node.expression.text)
      ) {
        const args = node.arguments;
        const own = args.filter((arg) => !(ts.isIdentifier(arg) && arg.text === 'className'));
        if (component && own.length < args.length)
          project.components.set(component, { classesFor: ownClasses(file, own) });
        argumentConflicts(
          args.map((arg) => file.alternatives(arg)),
          file.where(node),
          found,
        );
      }
      ts.forEachChild(node, (child) => visit(child, component));
    };
    visit(file.source, undefined);
  }

  /** A JSX element's attributes: name to initializer, and the props it names (a literal, or '*'). */
  const attributesOf = (node) => {
    const attributes = Object.fromEntries(
      node.attributes.properties
        .filter(ts.isJsxAttribute)
        .map((attribute) => [attribute.name.getText(), attribute.initializer]),
    );
    const chosen = {};
    for (const [name, initializer] of Object.entries(attributes))
      if (name !== 'className')
        chosen[name] = initializer && ts.isStringLiteral(initializer) ? initializer.text : '*';
    return { attributes, chosen };
  };
  const isElement = (node) => ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node);

  // Components that hand their className on unchanged (`<Button className={className}>`): a caller's
  // className meets the classes of the component it reaches (chains of them too).
  for (let pass = 0; pass < 3; pass += 1)
    for (const file of sources) {
      const visit = (node, component) => {
        component = componentName(node) ?? component;
        if (component && isElement(node) && !project.components.has(component)) {
          const target = project.components.get(node.tagName.getText());
          const { attributes, chosen } = attributesOf(node);
          const value = attributes.className;
          if (
            target &&
            value &&
            ts.isJsxExpression(value) &&
            value.expression &&
            ts.isIdentifier(value.expression) &&
            value.expression.text === 'className'
          )
            project.components.set(component, { classesFor: () => target.classesFor(chosen) });
        }
        ts.forEachChild(node, (child) => visit(child, component));
      };
      visit(file.source, undefined);
    }

  // Every use of those components: the caller's className against the component's own classes.
  for (const file of sources) {
    const visit = (node) => {
      if (isElement(node)) {
        const tag = node.tagName.getText();
        const component = project.components.get(tag);
        const { attributes, chosen } = attributesOf(node);
        const value = attributes.className;
        if (component && value) {
          const given = ts.isStringLiteral(value)
            ? [value.text]
            : ts.isJsxExpression(value) && value.expression
              ? file.alternatives(value.expression)
              : [''];
          const where = `${file.where(node)} <${tag} className>`;
          for (const base of component.classesFor(chosen))
            for (const caller of given) {
              const already = dropped(base);
              const lost = dropped(join(base, caller)).filter((word) => !already.includes(word));
              if (lost.length)
                found.push(
                  `${where}: "${join(caller)}" against ${tag}'s own classes drops ${lost.join(' ')}`,
                );
            }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file.source);
  }
  return [...new Set(found)];
}

/** The app's sources (tests left out): file name to text. */
export function sourceFileMap(dir = SRC) {
  return new Map(sourceFiles(dir).map((file) => [file, readFileSync(file, 'utf8')]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = classConflicts();
  for (const line of found) console.log(line);
  console.log(`${found.length} conflicts`);
  process.exitCode = found.length ? 1 : 0;
}
