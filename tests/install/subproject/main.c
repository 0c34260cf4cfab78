/* Plays one move of Modiar through libmancala built as a subproject. */
#include <stdio.h>
#include <string.h>

#include <mancala.h>

int main(void)
{
    mancala_game *game;
    if (mancala_new(&game, "modiar") < 0)
        return 1;
    int status = mancala_play(game, 0);
    char position[64];
    mancala_format(game, position, sizeof position);
    mancala_free(game);
    printf("%s\n", position);
    /* Pit 0's seven stones: one back into pit 0, one each into 1 ... 5, the
     * last into pit 0 again (RULES.md, Modiar rule 2); its 2 stones are not
     * captured on the game's first move (rule 4). */
    return status == MANCALA_OK && strcmp(position, "modiar/2,8,8,8,8,8/N/0,0/1") == 0 ? 0 : 1;
}
