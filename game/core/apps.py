from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "game.core"
    label = "game_core"
    verbose_name = "Games: shared core"

    def ready(self) -> None:
        from django.core import checks

        from .checks import check_registry

        checks.register(check_registry)
