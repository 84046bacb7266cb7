from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save, pre_delete, pre_save
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules and pages")

    def ready(self) -> None:
        from game.core.registry import content_fences

        from .caching import content_changed, content_changing
        from .markdown import register_fence

        # The games draw their own blocks in the page texts (```tiles for Mahjong's diagrams).
        for name, fence in content_fences().items():
            register_fence(name, fence.render, errors=fence.errors, help_text=fence.help_text)

        # Any change to a page or an FAQ entry gives the content a new version (rules.caching).
        for model_name in ("Page", "FaqEntry"):
            model = self.get_model(model_name)
            uid = f"rules-cache-{model_name}"
            pre_save.connect(content_changing, sender=model, dispatch_uid=f"{uid}-saving")
            pre_delete.connect(content_changing, sender=model, dispatch_uid=f"{uid}-deleting")
            post_save.connect(content_changed, sender=model, dispatch_uid=f"{uid}-save")
            post_delete.connect(content_changed, sender=model, dispatch_uid=f"{uid}-delete")
