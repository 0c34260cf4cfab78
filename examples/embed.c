/*
 * The smallest useful embedding of libmancala: create a game, list the
 * legal moves, play one, read the score, free the game.
 *
 * Build: cc embed.c $(pkg-config --cflags --libs mancala)
 */
#include <stdio.h>

#include <mancala.h>

int main(void)
{
    mancala_game *game;
    int status = mancala_new(&game, "modiar");
    if (status < 0) {
        fprintf(stderr, "mancala_new: %s\n", mancala_strerror(status));
        return 1;
    }

    int moves[MANCALA_MAX_PITS];
    int count = mancala_legal_moves(game, moves, MANCALA_MAX_PITS);
    printf("legal moves:");
    for (int i = 0; i < count; i++)
        printf(" %d", moves[i]);
    printf("\n");

    status = mancala_play(game, moves[0]);
    if (status < 0) {
        fprintf(stderr, "mancala_play: %s\n", mancala_strerror(status));
        mancala_free(game);
        return 1;
    }

    char position[MANCALA_POSITION_MAX];
    mancala_format(game, position, sizeof position);
    printf("after %d: %s\n", moves[0], position);
    printf("score: South %d, North %d\n", mancala_score(game, MANCALA_SOUTH),
           mancala_score(game, MANCALA_NORTH));
    printf("libmancala %s\n", mancala_version_string());

    mancala_free(game);
    return 0;
}
