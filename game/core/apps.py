from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "game.core"
    label = "game_core"
    verbose_name = "Games: shared core"
