/**
 * The demo catalog's lessons beyond videos (#32): articles, quizzes, projects and resources in
 * several courses, so a first `pnpm start` shows every kind. Keyed by course title and chapter
 * index; each lesson is appended to its chapter.
 */
import type { LessonInput } from '@courseport/contracts';

/** A file resource the seed writes: its bytes are made here, checked and stored like an upload. */
export interface DemoFile {
  title: string;
  fileName: string;
  contentType: 'application/pdf' | 'text/plain; charset=utf-8';
  /** Text files' content; PDFs are drawn from `pdfLines`. */
  text?: string;
  pdfLines?: string[];
}

export interface DemoLesson {
  lesson: Omit<LessonInput, 'resources' | 'isPreviewFree'> & { isPreviewFree?: boolean };
  files?: DemoFile[];
  links?: Array<{ title: string; url: string }>;
}

const q = (
  prompt: string,
  options: Array<[string, boolean]>,
  explanation: string,
  kind: 'single' | 'multiple' = 'single',
) => ({
  kind,
  prompt,
  options: options.map(([text, correct]) => ({ text, correct })),
  acceptedAnswers: [],
  explanation,
});

const short = (prompt: string, acceptedAnswers: string[], explanation: string) => ({
  kind: 'text' as const,
  prompt,
  options: [],
  acceptedAnswers,
  explanation,
});

export const DEMO_LESSONS: Record<string, Array<{ chapter: number; lessons: DemoLesson[] }>> = {
  'Java Programming Masterclass': [
    {
      chapter: 0,
      lessons: [
        {
          lesson: {
            lessonKind: 'article',
            lectureTitle: 'How this course works',
            lectureDuration: 0,
            isPreviewFree: true,
            articleHtml:
              '<p>Each chapter has short videos, an article or two to read at your own pace, and a quiz at the end. Take the quiz as often as you need: it is there to show you what to review, not to catch you out.</p><h3>What you need</h3><ul><li>A computer that runs Java 21 (Windows, macOS or Linux).</li><li>An editor: IntelliJ IDEA Community or VS Code with the Java extension.</li><li>About three hours a week.</li></ul><p>Download the <strong>cheat sheet</strong> below and keep it open while you work: it has every keyword and collection method the course uses.</p>',
          },
          files: [
            {
              title: 'Java cheat sheet (PDF)',
              fileName: 'java-cheat-sheet.pdf',
              contentType: 'application/pdf',
              pdfLines: [
                'Java cheat sheet',
                '',
                'Types: int, long, double, boolean, char, String',
                'Control flow: if / else, switch, for, while, do-while',
                'Classes: class, interface, record, enum, extends, implements',
                'Collections: List.of, ArrayList, HashMap, HashSet, Collections.sort',
                'Streams: stream(), filter, map, reduce, collect(Collectors.toList())',
                'Testing: @Test, assertEquals, assertThrows (JUnit 5)',
              ],
            },
          ],
        },
      ],
    },
    {
      chapter: 1,
      lessons: [
        {
          lesson: {
            lessonKind: 'quiz',
            lectureTitle: 'Quiz: classes and interfaces',
            lectureDuration: 5,
            quizDefinition: {
              passPercent: 70,
              maxAttempts: 3,
              shuffleQuestions: false,
              shuffleOptions: true,
              questions: [
                q(
                  'Which keyword makes a class use an interface?',
                  [
                    ['implements', true],
                    ['extends', false],
                    ['inherits', false],
                    ['uses', false],
                  ],
                  'A class `implements` an interface and `extends` a class.',
                ),
                q(
                  'Which of these can an interface declare since Java 8?',
                  [
                    ['Abstract methods', true],
                    ['Default methods', true],
                    ['Static methods', true],
                    ['Instance fields', false],
                  ],
                  'Interfaces may have abstract, default and static methods, but only constants, never instance fields.',
                  'multiple',
                ),
                short(
                  'What is the name of the method every Java program starts from?',
                  ['main', 'main()'],
                  'The JVM calls `public static void main(String[] args)`.',
                ),
              ],
            },
          },
          files: [
            {
              title: 'Shapes example (source)',
              fileName: 'Shapes.java',
              contentType: 'text/plain; charset=utf-8',
              text: 'interface Shape {\n  double area();\n}\n\nrecord Circle(double radius) implements Shape {\n  public double area() { return Math.PI * radius * radius; }\n}\n\nrecord Square(double side) implements Shape {\n  public double area() { return side * side; }\n}\n\npublic class Shapes {\n  public static void main(String[] args) {\n    Shape[] shapes = { new Circle(1), new Square(2) };\n    for (Shape shape : shapes) System.out.println(shape + " has area " + shape.area());\n  }\n}\n',
            },
          ],
        },
      ],
    },
    {
      chapter: 2,
      lessons: [
        {
          lesson: {
            lessonKind: 'project',
            lectureTitle: 'Project: a library catalogue',
            lectureDuration: 90,
            projectBrief:
              '<p>Build a small command-line library catalogue that uses what you learned about classes, collections and streams.</p><h3>Steps</h3><ol><li>Model <code>Book</code> as a record with a title, an author and a year.</li><li>Keep the books in a <code>List</code> and add ten of your favourites.</li><li>Print the books sorted by year, then only those by one author, using streams.</li><li>Write two JUnit tests for your filtering method.</li></ol><p>Submit a link to your repository (GitHub, GitLab…) or a ZIP of the project, with a note on anything you would like feedback on.</p>',
          },
          links: [{ title: 'Starter repository', url: 'https://github.com/junit-team/junit5-samples' }],
        },
      ],
    },
  ],
  'React 19 from Scratch': [
    {
      chapter: 0,
      lessons: [
        {
          lesson: {
            lessonKind: 'article',
            lectureTitle: 'Components, props and state',
            lectureDuration: 0,
            articleHtml:
              '<p>A React component is a function that returns what the screen should show. It receives <strong>props</strong> from its parent, read-only values such as a title or a list of items, and keeps its own <strong>state</strong> with <code>useState</code> for what changes while the user works: a typed value, an open menu, a chosen tab.</p><h3>One-way data flow</h3><p>Data flows down through props; changes flow up through functions passed as props. When state changes, React calls the component again and updates only what differs on the page.</p><p>Keep state as close as possible to where it is used, and lift it up to the nearest common parent only when two components need the same value.</p>',
          },
        },
        {
          lesson: {
            lessonKind: 'quiz',
            lectureTitle: 'Quiz: thinking in React',
            lectureDuration: 4,
            quizDefinition: {
              passPercent: 60,
              maxAttempts: null,
              shuffleQuestions: true,
              shuffleOptions: true,
              questions: [
                q(
                  'Which hook keeps a value that changes while the component is shown?',
                  [
                    ['useState', true],
                    ['useRef', false],
                    ['useId', false],
                  ],
                  '`useState` keeps a value and re-renders the component when it changes (`useRef` does not re-render).',
                ),
                q(
                  'Which of these are true of props?',
                  [
                    ['They are passed by the parent', true],
                    ['They are read-only in the child', true],
                    ['The child may change them directly', false],
                  ],
                  'Props come from the parent and are read-only; a child asks for a change through a function prop.',
                  'multiple',
                ),
                short(
                  'Which array method turns a list of items into a list of elements in JSX?',
                  ['map', 'Array.prototype.map', 'map()'],
                  '`items.map((item) => <li key={item.id}>…</li>)` is the usual way to render a list.',
                ),
              ],
            },
          },
          links: [{ title: 'React documentation', url: 'https://react.dev/learn' }],
        },
      ],
    },
  ],
  'Node.js and Koa APIs': [
    {
      chapter: 1,
      lessons: [
        {
          lesson: {
            lessonKind: 'project',
            lectureTitle: 'Project: a to-do API',
            lectureDuration: 120,
            projectBrief:
              '<p>Build a JSON API for a to-do list with Koa: list, create, complete and delete items, with validation and clear error answers.</p><ul><li>Use <code>@koa/router</code> and a body parser.</li><li>Answer <code>400</code> with a message for bad input.</li><li>Write tests with <code>supertest</code>.</li></ul>',
          },
          files: [
            {
              title: 'Starter server (source)',
              fileName: 'server.js',
              contentType: 'text/plain; charset=utf-8',
              text: "import Koa from 'koa';\nimport Router from '@koa/router';\n\nconst app = new Koa();\nconst router = new Router();\nconst todos = [];\n\nrouter.get('/todos', (ctx) => {\n  ctx.body = todos;\n});\n\napp.use(router.routes()).use(router.allowedMethods());\napp.listen(3000);\n",
            },
          ],
        },
      ],
    },
  ],
};
