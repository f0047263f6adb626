"""A picture library for class sets: small pictures drawn as text, each a puzzle with one solution.

A library module, not a lesson. A 12-year-old solving a nonogram wants a picture at the end, so
class sets (`nonosheets.class_set`, `nonogram --worksheet OUT.pdf --class-set N`) draw their
puzzles from here: animals, objects and symbols of 8 to 20 cells a side, some in black and white,
some in two to four inks. Each picture was drawn for this project, as text in the code below:
one line per row, '.' the background, '#' filled (black and white), or a letter for each ink
(`INKS`: 'k' black, 'r' red, 'g' green, ...).

Every picture makes a puzzle with exactly one solution: where a picture's clues alone allow
several, its entry stores *givens*, cells printed on the puzzle (found with lesson 15's
make_unique, or for colour the same add-then-drop recipe with lesson 14's engine); the tests
check each one with the engine. The pictures are small and judged in milliseconds, so nothing is
precomputed or cached: `difficulty(name)` judges a picture when asked.

- `names(colour=None)`: the pictures' names, sorted (colour=True: only colour pictures; False:
  only black and white);
- `picture(name)`: its rows of 0/1, or of colour numbers (0 the background, the inks numbered
  from 1 in the order of `INKS`);
- `kind(name)`: 'animal', 'object' or 'symbol';
- `puzzle(name)`: a `nonofiles.Puzzle` (black and white) or `nonocolourfiles.ColourPuzzle`
  (colour) with its clues, goal (the picture), givens (or None) and metadata {'title': name,
  'kind': kind};
- `difficulty(name)`: what its puzzle needs, as the engine judges it with its givens: 'line'
  (line logic alone), 'probing' or 'search';
- `inks(name)`: the number of inks (1 for black and white).

An unknown name raises ValueError naming it. Importing this module loads only the small modules
nonocheck and nonofiles depend on; the colour modules and the engine are imported when needed.

>>> picture('Heart')[9]
[0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
>>> kind('Ladybird'), inks('Ladybird'), puzzle('Ladybird').title
('animal', 2, 'Ladybird')
"""

from typing import NamedTuple

KINDS = ('animal', 'object', 'symbol')
# Each ink's letter in a drawing, and its name (its RGB is nonodraw.COLOUR_NAMES's): colour
# numbers follow this order among the inks a picture uses.
INKS = {'k': 'black', 'r': 'red', 'g': 'green', 'b': 'blue', 'y': 'yellow', 'o': 'orange',
        'n': 'brown', 'e': 'grey', 'p': 'pink', 'u': 'purple', 's': 'sky'}


class Drawing(NamedTuple):
    """A picture as drawn: its kind, its rows as text, and the cells (row, column, from 0) to
    print as givens, their values taken from the picture."""
    kind: str
    text: str
    givens: tuple[tuple[int, int], ...] = ()


def drawing(name: str) -> Drawing:
    """The Drawing called `name`; ValueError naming it if there is none."""
    if not isinstance(name, str) or name not in PICTURES:
        raise ValueError(f'no picture called {name!r} in the library (nonopictures.names() '
                         'lists them)')
    return PICTURES[name]


def text_rows(name: str) -> list[str]:
    """The rows of a drawing's text, without the blank first and last lines."""
    return drawing(name).text.strip('\n').split('\n')


def ink_letters(name: str) -> list[str]:
    """The ink letters a colour drawing uses, in the order of INKS ([] for black and white)."""
    used = {char for row in text_rows(name) for char in row} - {'.', '#'}
    return [letter for letter in INKS if letter in used]


def is_colour(name: str) -> bool:
    """Is the picture drawn in colour inks (rather than '#')?"""
    return bool(ink_letters(name))


def inks(name: str) -> int:
    """How many inks the picture uses: 1 for black and white."""
    return len(ink_letters(name)) or 1


def names(colour: bool | None = None) -> list[str]:
    """The pictures' names, sorted: all of them, or only colour (True) or black-and-white
    (False) ones."""
    if colour not in (None, True, False):
        raise TypeError(f'colour must be None, True or False, not {colour!r}')
    return sorted(name for name in PICTURES if colour is None or is_colour(name) == colour)


def kind(name: str) -> str:
    """'animal', 'object' or 'symbol'."""
    return drawing(name).kind


def picture(name: str) -> list[list[int]]:
    """The picture as rows of 0/1 (black and white) or of colour numbers (0 the background, then
    the inks in the order of INKS)."""
    number = {'.': 0, '#': 1} | {letter: k for k, letter in enumerate(ink_letters(name), 1)}
    return [[number[char] for char in row] for row in text_rows(name)]


def givens(name: str) -> list[list[int | None]] | None:
    """The picture's givens as a grid (its value at a given cell, None elsewhere), or None."""
    cells = drawing(name).givens
    if not cells:
        return None
    grid = picture(name)
    return [[grid[i][j] if (i, j) in cells else None for j in range(len(grid[0]))]
            for i in range(len(grid))]


def colours(name: str) -> list:
    """A colour picture's colours as nonodraw.Colour (white background '.', then each ink with its
    letter as its character)."""
    from nonodraw import COLOUR_NAMES, Colour

    inked = [(INKS[letter], letter) for letter in ink_letters(name)]
    return [Colour(colour, char, COLOUR_NAMES[colour])
            for colour, char in [('white', '.')] + inked]


def puzzle(name: str):
    """The picture's puzzle: a nonofiles.Puzzle (black and white) or nonocolourfiles.ColourPuzzle
    (colour), its goal the picture, its givens those stored (or None), metadata {'title': name,
    'kind': kind}."""
    goal, metadata = picture(name), {'title': name, 'kind': kind(name)}
    if not is_colour(name):
        from nonofiles import picture_puzzle

        made = picture_puzzle(goal, title=name)
        made.metadata, made.givens = metadata, givens(name)
        return made
    from nonocolourfiles import ColourPuzzle
    from nonocolourline import colour_clues

    rows, cols = colour_clues(goal)
    return ColourPuzzle(rows, cols, colours(name), metadata, goal, givens(name))


def difficulty(name: str, max_nodes: int = 2000) -> str:
    """What the picture's puzzle (with its givens) needs, as lesson 10's engine (lesson 14's in
    colour) judges it: 'line', 'probing' or 'search'. ValueError if it has not exactly one
    solution (a fault of the library: the tests check every picture)."""
    made = puzzle(name)
    if is_colour(name):
        from nonocolour import analyse
    else:
        from nonoengine import analyse
    verdict = analyse(made.rows, made.cols, made.givens, max_nodes=max_nodes)
    if verdict.status != 'unique' or verdict.solutions != [made.goal]:
        raise ValueError(f'the picture {name!r} does not make a puzzle with one solution')
    return verdict.method


# --- the pictures ----------------------------------------------------------------------------
# Drawn by this project for the library, under the project's licence. Sizes are rows x columns;
# every side is 8 to 20 cells.

PICTURES: dict[str, Drawing] = {
    # --- animals, black and white ---
    'Bat': Drawing('animal', '''
.....#...#.....
.....##.##.....
##...#####...##
.###.#.#.#.###.
###############
.#############.
..##.#####.##..
..#...###...#..
.......#.......
''', givens=((2, 0), (2, 14))),
    'Bird': Drawing('animal', '''
...###......
..#####.....
..#.###.....
#######.....
...#####...#
...#########
....#######.
.....#####..
......#.#...
.....##.##..
'''),
    'Butterfly': Drawing('animal', '''
.##.......##.
####..#..####
#####.#.#####
######.######
######.######
.#####.#####.
..####.####..
..####.####..
.#####.#####.
.####...####.
..##.....##..
'''),
    'Cat': Drawing('animal', '''
.#........#.
.##......##.
.###....###.
.##########.
############
##..####..##
##..####..##
############
#####..#####
.####..####.
..########..
....####....
'''),
    'Dog': Drawing('animal', '''
..........#...
..........##..
.........#####
#........#.###
#........####.
.##########...
.##########...
.#########....
.##.....##....
.##.....##....
.#......#.....
''', givens=((3, 0),)),
    'Duck': Drawing('animal', '''
...###......
..#####.....
..#.###.....
#######.....
....###....#
...########.
..##########
..#########.
...#######..
....#####...
'''),
    'Fish': Drawing('animal', '''
...######.....
.#########...#
##.########.##
###########.##
##############
###########.##
###########.##
.#########...#
...######.....
'''),
    'Giraffe': Drawing('animal', '''
......#.#..
......####.
......#####
......##...
......##...
......##...
......##...
.....###...
#########..
.########..
.########..
.#.#...#.#.
.#.#...#.#.
.#.#...#.#.
'''),
    'Mouse': Drawing('animal', '''
..##...........
.####..........
.#########.....
##.#########...
#############..
.#############.
..###########.#
...#..#...#...#
.............#.
''', givens=((0, 3),)),
    'Owl': Drawing('animal', '''
.#.......#.
.##.....##.
.#########.
##...#...##
##.#.#.#.##
##...#...##
.####.####.
.#########.
.##.#.#.##.
.#########.
..##...##..
'''),
    'Rabbit': Drawing('animal', '''
..##...##..
..##...##..
..##...##..
..##...##..
.#########.
###########
##.#####.##
###########
####...####
.#########.
..#######..
'''),
    'Snake': Drawing('animal', '''
.............
..#####......
.##.####.....
.#######.....
......##.....
.....##......
....##.......
...##...###..
..##...##.##.
..##..##...##
...####.....#
'''),
    'Spider': Drawing('animal', '''
......#......
......#......
#....###....#
.#..#####..#.
..#########..
#..#######..#
.###########.
#..#######..#
..#.#####.#..
.#...###...#.
#...........#
''', givens=((0, 6), (2, 0), (2, 12), (9, 1), (9, 11))),
    'Whale': Drawing('animal', '''
.........#...#
.........##.##
..........###.
...#######.#..
.##########.#.
####.########.
##############
.############.
..##########..
'''),
    # --- objects, black and white ---
    'Anchor': Drawing('object', '''
.....###.....
.....#.#.....
.....###.....
...#######...
......#......
......#......
......#......
#.....#.....#
##....#....##
.##...#...##.
..#########..
....#####....
'''),
    'Bell': Drawing('object', '''
.....#.....
....###....
...#####...
..#######..
..#######..
..#######..
..#######..
.#########.
###########
###########
.....##....
'''),
    'Boat': Drawing('object', '''
......#......
......##.....
......###....
......####...
......#####..
......######.
......#......
#############
.###########.
..#########..
'''),
    'Candle': Drawing('object', '''
....#....
...###...
...###...
....#....
..#####..
..#####..
..##.##..
..##.##..
..#####..
..#####..
..#####..
#########
'''),
    'Car': Drawing('object', '''
.....#####.........
....#..#..#........
...#...#...#.......
..#################
.##################
###################
###################
####..#######..####
...####.....####...
....##.......##....
''', givens=((2, 11),)),
    'Clock': Drawing('object', '''
....#####....
..##.....##..
.#....#....#.
.#....#....#.
#.....#.....#
#.....#.....#
#.....####..#
#...........#
#...........#
.#.........#.
.#.........#.
..##.....##..
....#####....
''', givens=((1, 3), (1, 9), (9, 1), (9, 11))),
    'Cup': Drawing('object', '''
.#..#..#....
..#..#..#...
.#..#..#....
............
#########...
#########.#.
#########..#
#########..#
#########.#.
.#######....
..#####.....
############
'''),
    'House': Drawing('object', '''
......#.....
.....###.##.
....#####.#.
...#######..
..#########.
.###########
..#.......#.
..#.##.##.#.
..#.##.##.#.
..#.......#.
..#..##...#.
..#..##...#.
..#########.
'''),
    'Key': Drawing('object', '''
.####..........
##..##.........
#....#.........
#....##########
#....##########
#....#.....#.##
##..##.....#.##
.####..........
'''),
    'Kite': Drawing('object', '''
.....#.......
....###......
...#####.....
..#######....
.#########...
####.#.####..
.#########...
..#######....
...#####.....
....###......
.....#.......
.....#..##...
......#.##...
.......#.....
''', givens=((11, 9),)),
    'Light bulb': Drawing('object', '''
...#####...
..#.....#..
.#.......#.
#...#.#...#
#...#.#...#
#....#....#
.#...#...#.
..#..#..#..
...#####...
...#####...
...#####...
....###....
''', givens=((1, 2), (1, 8), (6, 1), (6, 9))),
    'Rocket': Drawing('object', '''
.....#.....
....###....
...#####...
...#####...
...##.##...
...#...#...
...##.##...
...#####...
..#######..
.#########.
##.#####.##
#..#####..#
...#.#.#...
..#.#.#.#..
'''),
    'Scissors': Drawing('object', '''
.##........##
#..#......#..
#..#.....#...
.###....#....
....#..#.....
.....##......
.....##......
....#..#.....
.###....#....
#..#.....#...
#..#......#..
.##........##
''', givens=((1, 0), (1, 10), (3, 8), (4, 4), (4, 7), (7, 4), (7, 7), (8, 3), (8, 8), (10, 10))),
    'Umbrella': Drawing('object', '''
......#......
....#####....
..#########..
.###########.
#############
#.#.#.#.#.#.#
......#......
......#......
......#......
......#......
...#..#......
...####......
'''),
    # --- symbols, black and white ---
    'Arrow': Drawing('symbol', '''
........#...
........##..
........###.
############
############
........###.
........##..
........#...
'''),
    'Check mark': Drawing('symbol', '''
..........##
.........###
........###.
.......###..
##....###...
###..###....
.######.....
..####......
...##.......
''', givens=((0, 10),)),
    'Heart': Drawing('symbol', '''
.###...###.
#####.#####
###########
###########
###########
.#########.
..#######..
...#####...
....###....
.....#.....
'''),
    'Letter A': Drawing('symbol', '''
....##....
...####...
...#..#...
..##..##..
..#....#..
.########.
.##....##.
##......##
##......##
'''),
    'Lightning': Drawing('symbol', '''
.....####
....####.
...####..
..####...
.########
......##.
.....##..
....##...
...##....
..##.....
.#.......
'''),
    'Moon': Drawing('symbol', '''
...####...
..###.....
.###......
.###......
####......
####......
####......
.###......
.####....#
..#######.
...#####..
'''),
    'Music note': Drawing('symbol', '''
....########
....########
....#......#
....#......#
....#......#
....#......#
....#......#
.####...####
#####..#####
#####..#####
.###....###.
'''),
    'Peace': Drawing('symbol', '''
...#####...
.##..#..##.
.#...#...#.
#....#....#
#....#....#
#...###...#
#..#.#.#..#
.##..#..##.
.#...#...#.
.##..#..##.
...#####...
''', givens=((3, 0), (3, 10))),
    'Question mark': Drawing('symbol', '''
..#####..
.##...##.
.##...##.
......##.
.....##..
....##...
....##...
.........
....##...
....##...
'''),
    'Smiley': Drawing('symbol', '''
...#####...
.##.....##.
.#.......#.
#..##.##..#
#..##.##..#
#.........#
#.#.....#.#
#..#...#..#
.#..###..#.
.##.....##.
...#####...
''', givens=((0, 3), (0, 6), (6, 2), (6, 8))),
    'Star': Drawing('symbol', '''
.....#.....
.....#.....
....###....
....###....
###########
.#########.
..#######..
...#####...
...##.##...
..##...##..
.#.......#.
'''),
    'Sun': Drawing('symbol', '''
#....#....#
.#...#...#.
..#.....#..
....###....
...#####...
##.#####.##
...#####...
....###....
..#.....#..
.#...#...#.
#....#....#
''', givens=((0, 0), (1, 9), (2, 2), (2, 8), (8, 2), (8, 8), (9, 1), (9, 9))),
    # --- animals, colour ---
    'Bee': Drawing('animal', '''
...ss..ss....
..ssss.ssss..
..ssss.sss...
...ss.ss.....
..ykkyykky...
.kyykkyykkyy.
kkyykkyykkyyk
.kyykkyykkyy.
..ykkyykky...
''', givens=((0, 8),)),
    'Goldfish': Drawing('animal', '''
.....ooo......
....ooooo.....
..ooooooooo..o
.ookooooooo.oo
ooooooooooooo.
.ooooooooooooo
..ooooooooo..o
....ooooo.....
'''),
    'Ladybird': Drawing('animal', '''
....kk....
...kkkk...
.rrrkkrrr.
rrkrkkrkrr
rrrrkkrrrr
rkkrkkrkkr
rkkrkkrkkr
rrrrkkrrrr
rrkrkkrkrr
.rrrkkrrr.
..rrkkrr..
'''),
    'Penguin': Drawing('animal', '''
....kkk....
...kkkkk...
...k.k.k...
...kkookk..
..kkk..kkk.
..kk....kk.
.kkk....kkk
.kk......kk
.kk......kk
..k......k.
...k....k..
..oo....oo.
'''),
    # --- objects, colour ---
    'Apple': Drawing('object', '''
.....n.gg..
.....ngg...
..rrrnrrr..
.rrrrrrrrr.
rrrrrrrrrrr
rrrrrrrrrrr
rrrrrrrrrrr
rrrrrrrrrrr
.rrrrrrrrr.
..rrrrrrr..
...rr.rr...
''', givens=((0, 8),)),
    'Carrot': Drawing('object', '''
...g..g..
...gg.g.g
....ggggg
....ooo..
...ooooo.
...ooooo.
...oooo..
..ooooo..
..oooo...
..ooo....
.ooo.....
.oo......
oo.......
''', givens=((0, 3),)),
    'Cherries': Drawing('object', '''
.......gg..
......g.gg.
.....g...g.
....g....g.
...g.....g.
..g......g.
.rrr....rrr
rrrrr..rrrr
rrrrr..rrrr
.rrr....rr.
''', givens=((0, 7), (1, 6), (2, 5), (3, 4), (4, 3))),
    'Christmas tree': Drawing('object', '''
......y......
.....yyy.....
......g......
.....ggg.....
....ggggg....
...ggrgggg...
....ggggg....
...ggggggg...
..ggggyggrg..
....ggggg....
...gggggrgg..
..ggrgggggg..
.ggggggggyggg
.....nnn.....
.....nnn.....
'''),
    'Mushroom': Drawing('object', '''
....rrrrr....
..rrrrrrrrr..
.rr..rrr..rr.
rrr..rrr..rrr
rrrrrrrrrrrrr
.....eee.....
.....e.e.....
.....e.e.....
.....eee.....
'''),
    'Strawberry': Drawing('object', '''
...g.g.g...
..ggggggg..
.rrgggggrr.
rrrrrrrrrrr
rrkrrrrkrrr
rrrrrkrrrrr
.rkrrrrrkr.
.rrrrkrrrr.
..rrrrrkr..
..rkrrrrr..
...rrrrr...
....rrr....
'''),
    'Sunflower': Drawing('object', '''
...y.y.y...
..yyyyyyy..
.yynnnnnyy.
yynnnnnnnyy
.ynnnnnnny.
yynnnnnnnyy
.yynnnnnyy.
..yyyyyyy..
...y.g.y...
.....g.....
.gg..g..gg.
..ggggggg..
.....g.....
'''),
    'Traffic light': Drawing('object', '''
..kkkkk..
.kkrrrkk.
.krrrrrk.
.kkrrrkk.
.kkyyykk.
.kyyyyyk.
.kkyyykk.
.kkgggkk.
.kgggggk.
.kkgggkk.
..kkkkk..
....k....
....k....
...kkk...
'''),
    'Watermelon': Drawing('object', '''
ggggggggggggggg
ggrrrrrrrrrrrgg
.grrkrrrrrkrrg.
..grrrrkrrrrg..
...grkrrrrkg...
....grrrrrg....
.....grkrg.....
......grg......
.......g.......
'''),
    # --- symbols, colour ---
    'Rainbow': Drawing('symbol', '''
....rrrrrr....
..rrrrrrrrrr..
.rrryyyyyyrrr.
.rryyyyyyyyrr.
rryyggggggyyrr
ryyggggggggyyr
ryggbbbbbbggyr
rygbb....bbgyr
rygb......bgyr
rygb......bgyr
'''),
}
